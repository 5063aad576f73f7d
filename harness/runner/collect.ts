// Turns what the run left behind into observations: the host's files under the sandbox
// (modes included, locked ones too; the canary scan reads them whole itself, scan-files.ts)
// and the tool outputs the model received (their text read in each model API's shape,
// classified by the adapter).
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import type { ModelRequestRecord } from '../../fake-servers/model/mock-model.js';
import type { FlagPatterns, HostReading } from '../adapters/host-adapter.js';
import { resultText } from '../adapters/result-text.js';
import { listDir, readHead } from '../sandbox/owner-access.js';
import type { Sandbox } from '../sandbox/sandbox.js';
import type { FileSeen, StartupSeen, ToolOutputSeen } from '../scenario/observations.js';

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

/**
 * Each call's result once (later requests repeat the history), in order of first sight: as
 * sent, the text the model got from it in its API's shape, the API's error flag, and the
 * status the adapter reads from it (null: unreadable).
 */
export function collectToolOutputs(requests: readonly ModelRequestRecord[], classify: HostReading['classifyOutput']): ToolOutputSeen[] {
  const seen = new Map<string, ToolOutputSeen>();
  for (const request of requests) {
    for (const out of request.functionCallOutputs) {
      if (seen.has(out.call_id)) continue;
      const output = typeof out.output === 'string' ? out.output : (JSON.stringify(out.output) ?? '');
      const flags = out.isError === undefined ? {} : { isError: out.isError };
      seen.set(out.call_id, {
        request: request.index,
        api: request.api,
        callId: out.call_id,
        output,
        text: resultText(out.output),
        ...flags,
        status: classify(out.output, flags),
      });
    }
  }
  return [...seen.values()];
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
