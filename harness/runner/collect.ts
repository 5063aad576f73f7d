// Turns what the run left behind into observations: the host's files under the sandbox
// (modes included), the tool outputs the model received (classified by the adapter), and
// the text items the canary scan searches.
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import type { ModelRequestRecord } from '../../fake-servers/model/mock-model.js';
import type { TrapHit } from '../../fake-servers/mcp/trap.js';
import type { FlagPatterns, HostReading } from '../adapters/host-adapter.js';
import type { ScanItem } from '../sandbox/canaries.js';
import { listDir, readHead } from '../sandbox/owner-access.js';
import type { Sandbox } from '../sandbox/sandbox.js';
import type { CommandSeen, FileSeen, ServerObservation, ScreenText, StartupSeen, ToolOutputSeen } from '../scenario/observations.js';
import type { ProcessInfo } from '../supervision/proc-scan.js';

const FILE_CONTENT_CAP = 256 * 1024;
const MAX_FILES = 500;

/** Every regular file the host could have written, locked or not (its mode as found), the start of each. */
export function collectFiles(sandbox: Sandbox): FileSeen[] {
  const files: FileSeen[] = [];
  const walk = (dir: string): void => {
    for (const name of listDir(dir).sort()) {
      if (files.length >= MAX_FILES) return;
      const path = join(dir, name);
      const stat = lstatSync(path);
      if (stat.isDirectory()) walk(path);
      else if (stat.isFile()) {
        files.push({
          path: sandbox.displayPath(path) ?? path,
          mode: stat.mode & 0o7777,
          size: stat.size,
          content: readHead(path, FILE_CONTENT_CAP).toString('utf8'),
        });
      }
    }
  };
  walk(sandbox.root);
  return files;
}

/** Each function_call_output once (later requests repeat the history), in order of first sight. */
export function collectToolOutputs(requests: readonly ModelRequestRecord[], classify: HostReading['classifyOutput']): ToolOutputSeen[] {
  const seen = new Map<string, ToolOutputSeen>();
  for (const request of requests) {
    for (const out of request.functionCallOutputs) {
      if (seen.has(out.call_id)) continue;
      const output = typeof out.output === 'string' ? out.output : JSON.stringify(out.output);
      seen.set(out.call_id, { request: request.index, callId: out.call_id, output, status: classify(out.output) });
    }
  }
  return [...seen.values()];
}

export interface ScanSources {
  screen: ScreenText;
  /** Host commands besides the chat; their output is screen too. */
  commands?: readonly CommandSeen[];
  modelRequests: readonly ModelRequestRecord[];
  servers: Record<string, ServerObservation>;
  trapHits: readonly TrapHit[];
  files: readonly FileSeen[];
  leftovers: readonly ProcessInfo[];
}

/** The text of every observation, labelled by channel (see canaries.ts for channel names). */
export function scanItems(src: ScanSources): ScanItem[] {
  const items: ScanItem[] = [{ channel: 'screen', source: 'screen', text: src.screen.all }];
  (src.commands ?? []).forEach((c, i) => items.push({ channel: 'screen', source: `host command #${i + 1} (${c.command}${c.server === null ? '' : ` ${c.server}`})`, text: c.screen.all }));
  for (const r of src.modelRequests) {
    items.push({ channel: 'model-request', source: `model request #${r.index + 1}`, text: JSON.stringify(r.body ?? r.rawBody ?? '') });
    items.push({ channel: 'model-headers', source: `model request #${r.index + 1} headers`, text: JSON.stringify(r.headers) });
  }
  for (const [name, s] of Object.entries(src.servers)) {
    items.push({ channel: `server:${name}`, source: `server ${name} journal`, text: s.journal.map((e) => JSON.stringify(e)).join('\n') });
  }
  src.trapHits.forEach((hit, i) => items.push({ channel: 'trap', source: `trap hit #${i + 1}`, text: JSON.stringify(hit) }));
  for (const f of src.files) items.push({ channel: `file:${f.path}`, source: f.path, text: f.content });
  for (const p of src.leftovers) items.push({ channel: `process:${p.role}`, source: `process ${p.pid} (${p.cmdline.join(' ').slice(0, 80)})`, text: [...p.cmdline, ...Object.values(p.env)].join('\n') });
  return items;
}

/** One start's notices and the lines in them that flag tools (INJECT-3, INJECT-4). */
export function startupSeen(text: string, patterns: FlagPatterns): StartupSeen {
  const lines = text.split('\n');
  const matching = (pattern: RegExp | undefined): string[] => (pattern === undefined ? [] : lines.filter((line) => new RegExp(pattern.source).test(line)));
  return { text, instructionFlags: matching(patterns.instructionLike), changedFlags: matching(patterns.changedDefinition) };
}

/** The status lines in the host's "unavailable" wording, each with its reason (group 1) when captured. */
export function unavailableLines(statusLines: readonly string[], pattern: RegExp): { line: string; reason: string | null }[] {
  return statusLines.flatMap((line) => {
    const match = new RegExp(pattern.source, pattern.flags.replace('g', '')).exec(line);
    return match === null ? [] : [{ line, reason: match[1]?.trim() || null }];
  });
}
