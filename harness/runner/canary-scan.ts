// CRED-2, CRED-3, STDIO-3: the canary scan of a whole run, every channel in full: the host's
// output (through the screen taps, past the capture cap), every file in the sandbox, the
// model requests and side calls (body, headers, path and query), every fake server's journal (headers,
// query, bodies, stdio start records), the trap, and the processes seen during the run.
// A channel that could not be read in full is a gap, so the checks covering it say so.
// A screen rendered by a terminal emulator is scanned too (CRED-1: a secret the terminal
// echoed, or one the host spelt out with cursor moves between its letters, is seen there).
import type { TrapHit } from '../../fake-servers/mcp/trap.js';
import type { JournalEntry } from '../../fake-servers/mcp/journal.js';
import type { ModelRequestRecord } from '../../fake-servers/model/mock-model.js';
import { judged, sightingsIn, type CanarySighting, type RawSighting, type ScanGap, type ScanItem } from '../sandbox/canaries.js';
import type { Sandbox } from '../sandbox/sandbox.js';
import type { ScreenText, ServerObservation } from '../scenario/observations.js';
import type { ProcessRecord } from '../supervision/proc-watch.js';
import { scanSandboxFiles } from './scan-files.js';

export interface RunScanSources {
  sandbox: Sandbox;
  /** Every screen capture of the run (host sessions and host commands), as kept. */
  screens: readonly { source: string; screen: ScreenText }[];
  modelRequests: readonly ModelRequestRecord[];
  /** Requests beside the conversation: they reached the provider too. */
  modelSideCalls: readonly ModelRequestRecord[];
  servers: Record<string, ServerObservation>;
  trapHits: readonly TrapHit[];
  /** Every process of the run as seen (during the run and left at its end), with its role. */
  processes: readonly (ProcessRecord & { role: string })[];
}

const headerLines = (headers: Record<string, string | string[] | undefined>): string =>
  Object.entries(headers)
    .flatMap(([name, value]) => (Array.isArray(value) ? value : [value ?? '']).map((v) => `${name}: ${v}`))
    .join('\n');

/** A journal entry as text: the raw request (line, headers, body) and start record (argv, env); other entries as JSON. */
function entryText(e: JournalEntry): string {
  if (e.kind === 'http-request') return `${e.method} ${e.path}\n${headerLines(e.headers)}\n\n${e.body}`;
  if (e.kind === 'start') return [...e.argv, e.cwd, ...Object.entries(e.env).map(([k, v]) => `${k}=${v}`)].join('\n');
  return JSON.stringify(e);
}

/** The text of every observation but the screen and the files, labelled by channel (see canaries.ts). */
export function scanItems(src: Omit<RunScanSources, 'sandbox' | 'screens'>): ScanItem[] {
  const items: ScanItem[] = [];
  const model = [
    ...src.modelRequests.map((r) => [`model request #${r.index + 1}`, r] as const),
    ...src.modelSideCalls.map((r) => [`model side call #${r.index + 1}`, r] as const),
  ];
  for (const [n, r] of model) {
    items.push({ channel: 'model-request', source: n, text: r.rawBody ?? JSON.stringify(r.body ?? '') });
    items.push({ channel: 'model-headers', source: `${n} headers`, text: headerLines(r.headers) });
    items.push({ channel: 'model-url', source: `${n} URL`, text: `${r.method} ${r.path}${r.search}` });
  }
  for (const [name, s] of Object.entries(src.servers))
    items.push({ channel: `server:${name}`, source: `server ${name} journal`, text: s.journal.map(entryText).join('\n') });
  src.trapHits.forEach((hit, i) =>
    items.push({ channel: 'trap', source: `trap hit #${i + 1}`, text: `${hit.method} ${hit.path}\n${headerLines(hit.headers)}\n\n${hit.body}` }),
  );
  for (const p of src.processes) {
    const what = `process ${p.pid} (${p.cmdline.join(' ').slice(0, 80)}), ${p.moment}`;
    items.push({ channel: `cmdline:${p.role}`, source: `command line of ${what}`, text: p.cmdline.join('\n') });
    items.push({
      channel: `process:${p.role}`,
      source: `environment of ${what}`,
      text: Object.entries(p.env)
        .map(([k, v]) => `${k}=${v}`)
        .join('\n'),
    });
  }
  return items;
}

/** Where the scan could not look at everything. */
function gapsOf(src: RunScanSources): ScanGap[] {
  const gaps: ScanGap[] = [];
  if (src.sandbox.screenScan.taps < src.screens.length) {
    for (const s of src.screens.filter((s) => s.screen.truncated))
      gaps.push({ channel: 'screen', why: `${s.source} went past the screen capture's cap, and its adapter gave the canary scan no tap` });
  }
  src.trapHits.forEach(
    (hit, i) =>
      hit.bodyDropped > 0 && gaps.push({ channel: 'trap', why: `trap hit #${i + 1}: ${hit.bodyDropped} body bytes past the trap's cap were not kept` }),
  );
  // A process whose environment was read in another snapshot was scanned: only one never read is a gap.
  const read = new Set(src.processes.filter((p) => p.envUnreadable !== true).map((p) => `${p.pid}@${p.start}`));
  for (const p of src.processes.filter((p) => p.envUnreadable === true && !read.has(`${p.pid}@${p.start}`))) {
    gaps.push({ channel: `process:${p.role}`, why: `the environment of process ${p.pid} could not be read` });
  }
  return gaps;
}

export function scanRun(src: RunScanSources): { sightings: CanarySighting[]; gaps: ScanGap[] } {
  const canaries = src.sandbox.canaries.all();
  const matcher = src.sandbox.canaries.matcher();
  const raw: RawSighting[] = [...src.sandbox.screenScan.sightings()];
  // Captures without a tap (an adapter that gives none) are scanned as kept.
  if (src.sandbox.screenScan.taps < src.screens.length)
    for (const s of src.screens) raw.push(...sightingsIn(matcher, canaries, 'screen', s.source, s.screen.all));
  for (const s of src.screens)
    if (s.screen.rendered !== undefined) raw.push(...sightingsIn(matcher, canaries, 'screen', `${s.source}, as rendered on its terminal`, s.screen.rendered));
  for (const item of scanItems(src)) raw.push(...sightingsIn(matcher, canaries, item.channel, item.source, item.text));
  const files = scanSandboxFiles(src.sandbox, matcher, canaries);
  raw.push(...files.sightings);
  return { sightings: judged(canaries, raw), gaps: [...gapsOf(src), ...files.gaps] };
}
