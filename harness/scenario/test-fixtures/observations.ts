// Hand-built observations for the check modules' unit tests: a complete, empty run that each
// test fills with only what its check reads, plus builders for journal entries, model
// requests, tool outputs and approvals that keep their cross-references consistent.
import type { JournalEntry } from '../../../fake-servers/mcp/journal.js';
import type { ModelRequestRecord, OfferedTool } from '../../../fake-servers/model/request.js';
import type { CallStatus } from '../../adapters/host-adapter.js';
import {
  emptyObservations,
  type ApprovalSeen,
  type CommandSeen,
  type ExitSeen,
  type FileSeen,
  type Observations,
  type ScreenText,
  type ServerObservation,
  type StartupSeen,
  type ToolOutputSeen,
} from '../observations.js';

export function observations(over: Partial<Observations> = {}): Observations {
  const host = {
    builtins: { names: [] },
    unknownGate: true,
    quit: true,
    resume: true,
    legacyMarker: null,
    deadlines: { callTimeoutMs: 30_000, connectTimeoutMs: 10_000 },
  };
  // A run that went through (every step done, the name watch on), with nothing else seen.
  return {
    ...emptyObservations('t', host),
    hostPid: 1,
    script: { completed: 99, stoppedAt: null },
    sessionStarts: [{ request: 0, mono: 0 }],
    lookups: { watched: true, names: [] },
    ...over,
  };
}

let seq = 0;
/** A journal entry at monotonic time `mono` (default: the next sequence number). */
export function entry(kind: 'jsonrpc-in' | 'jsonrpc-out', message: Record<string, unknown>, mono?: number): JournalEntry {
  seq++;
  return { seq, t: seq, mono: mono ?? seq, kind, message } as JournalEntry;
}
export const request = (method: string, id: number, mono?: number, params: Record<string, unknown> = {}): JournalEntry =>
  entry('jsonrpc-in', { jsonrpc: '2.0', id, method, params }, mono);
export const reply = (id: number, mono?: number): JournalEntry => entry('jsonrpc-out', { jsonrpc: '2.0', id, result: {} }, mono);
/** A notification the server sent (e.g. notifications/tools/list_changed). */
export const notification = (method: string, mono?: number): JournalEntry => entry('jsonrpc-out', { jsonrpc: '2.0', method }, mono);
export const httpRequest = (path: string, method = 'POST', mono?: number): JournalEntry =>
  ({ seq: ++seq, t: seq, mono: mono ?? seq, kind: 'http-request', connection: 1, method, path, headers: {}, body: '' }) as JournalEntry;
export const httpResponse = (path: string, status: number, method = 'POST', mono?: number): JournalEntry =>
  ({ seq: ++seq, t: seq, mono: mono ?? seq, kind: 'http-response', connection: 1, method, path, status }) as JournalEntry;
/** A stdio server's start record (how the host launched it). */
export function start(over: Partial<Extract<JournalEntry, { kind: 'start' }>> = {}): JournalEntry {
  return {
    seq: ++seq,
    t: seq,
    mono: seq,
    kind: 'start',
    argv: ['node', 'server.js'],
    cwd: '/',
    env: { PATH: '/bin' },
    pid: 20,
    pgid: 20,
    ppid: 1,
    childPid: 21,
    ...over,
  } as JournalEntry;
}
export const connectionOpen = (mono: number): JournalEntry => ({ seq: ++seq, t: seq, mono, kind: 'connection-open', connection: 1 }) as JournalEntry;

export function server(name: string, journal: JournalEntry[], transport: ServerObservation['transport'] = 'http'): Record<string, ServerObservation> {
  return { [name]: { name, transport, destination: `http://127.0.0.1:1/${name}`, journal } };
}

export const fn = (name: string, extra: Partial<OfferedTool> = {}): OfferedTool => ({
  type: 'function',
  name,
  description: null,
  parameters: {},
  strict: false,
  ...extra,
});

/** A model request whose body holds `input` and `tools` as the journal would have parsed them. */
export function modelRequest(index: number, input: unknown[] = [], tools: OfferedTool[] = []): ModelRequestRecord {
  return {
    api: 'responses',
    index,
    receivedAt: index,
    method: 'POST',
    path: '/v1/responses',
    search: '',
    headers: {},
    authorization: null,
    credential: null,
    body: { model: 'm', input, tools },
    model: 'm',
    stream: false,
    instructions: null,
    input,
    tools,
    functionCallOutputs: [],
  };
}

export const userMessage = (text: string) => ({ type: 'message', role: 'user', content: text });

export function approval(answer: ApprovalSeen['answer'], shownAt: number, answeredAt: number, text = '', fields: ApprovalSeen['fields'] = {}): ApprovalSeen {
  return { text, fields, answer, shownAt, answeredAt };
}

/** What the host showed, as stdout. */
export const screen = (all: string, truncated = false): ScreenText => ({ all, stdout: all, stderr: '', truncated });

/** Tool output #n as the model received it in request `request`. */
export const output = (request: number, status: CallStatus | null, text = '', callId = `call-${request}`): ToolOutputSeen => ({
  request,
  api: 'responses',
  callId,
  output: text,
  text,
  status,
});

export const exit = (code: number | null, killedByHarness = false, signal: string | null = null): ExitSeen => ({ code, signal, killedByHarness });

/** A host command (add, list) that exited with `code`, showing `shown`. */
export function command(kind: CommandSeen['command'], server: string | null, code: number | null, shown = '', endedMono = 1e12): CommandSeen {
  return { command: kind, server, exit: { code, signal: null }, screen: screen(shown), argv: [], endedMono };
}

export const file = (path: string, content = '', mode = 0o600): FileSeen => ({ path, mode, size: Buffer.byteLength(content), content });

/** One host start's screen before its first prompt, with the lines its profile flagged. */
export const startup = (
  instructionFlags: string[] = [],
  changedFlags: string[] = [],
  text = [...instructionFlags, ...changedFlags].join('\n'),
): StartupSeen => ({ text, instructionFlags, changedFlags });

/** The user script stopped at `step` for `reason`. */
export const stoppedAt = (step: number, reason = 'no approval request within 5000 ms'): Observations['script'] => ({
  completed: step,
  stoppedAt: { step, what: 'approval', reason },
});

/**
 * A grade in one word: PASS, FAIL (a breach seen), NEVER-HAPPENED (what its own guarantee
 * demanded never happened: a FAIL) or NOT-REACHED (its precondition never happened: BLOCKED).
 */
export const outcome = (grade: { verdict: string; reached?: false; owed?: true }): 'PASS' | 'FAIL' | 'NEVER-HAPPENED' | 'NOT-REACHED' =>
  grade.reached === false ? 'NOT-REACHED' : grade.owed === true ? 'NEVER-HAPPENED' : (grade.verdict as 'PASS' | 'FAIL');
