// Hand-built observations for the check modules' unit tests: a complete, empty run that each
// test fills with only what its check reads, plus builders for journal entries, model
// requests, tool outputs and approvals that keep their cross-references consistent.
import type { JournalEntry } from '../../../fake-servers/mcp/journal.js';
import type { ModelRequestRecord, OfferedTool } from '../../../fake-servers/model/request.js';
import type { ApprovalSeen, Observations, ServerObservation } from '../observations.js';

export function observations(over: Partial<Observations> = {}): Observations {
  return {
    scenario: 't',
    hostPid: 1,
    host: { builtins: { names: [] }, unknownGate: true, quit: true, resume: true, legacyMarker: null, deadlines: { callTimeoutMs: 30_000, connectTimeoutMs: 10_000 } },
    screen: { all: '', stdout: '', stderr: '', truncated: false },
    statusLines: [],
    unavailable: [],
    approvals: [],
    unknownGates: [],
    commands: [],
    script: { completed: 99, stoppedAt: null },
    sessionStarts: [{ request: 0, mono: 0 }],
    modelRequests: [],
    unresolvedTargets: [],
    catalogue: [],
    modelRequestMono: [],
    toolOutputs: [],
    servers: {},
    trapHits: [],
    files: [],
    configuredServers: { servers: [] },
    leftovers: [],
    exits: [],
    canaries: [],
    canarySightings: [],
    canaryGaps: [],
    startups: [],
    telemetry: null,
    harnessErrors: [],
    ...over,
  };
}

let seq = 0;
/** A journal entry at monotonic time `mono` (default: the next sequence number). */
export function entry(kind: 'jsonrpc-in' | 'jsonrpc-out', message: Record<string, unknown>, mono?: number): JournalEntry {
  seq++;
  return { seq, t: seq, mono: mono ?? seq, kind, message } as JournalEntry;
}
export const request = (method: string, id: number, mono?: number, params: Record<string, unknown> = {}): JournalEntry => entry('jsonrpc-in', { jsonrpc: '2.0', id, method, params }, mono);
export const reply = (id: number, mono?: number): JournalEntry => entry('jsonrpc-out', { jsonrpc: '2.0', id, result: {} }, mono);
export const connectionOpen = (mono: number): JournalEntry => ({ seq: ++seq, t: seq, mono, kind: 'connection-open', connection: 1 }) as JournalEntry;

export function server(name: string, journal: JournalEntry[], transport: ServerObservation['transport'] = 'http'): Record<string, ServerObservation> {
  return { [name]: { name, transport, destination: `http://127.0.0.1:1/${name}`, journal } };
}

export const fn = (name: string, extra: Partial<OfferedTool> = {}): OfferedTool => ({ type: 'function', name, description: null, parameters: {}, strict: false, ...extra });

/** A model request whose body holds `input` and `tools` as the journal would have parsed them. */
export function modelRequest(index: number, input: unknown[] = [], tools: OfferedTool[] = []): ModelRequestRecord {
  return {
    index, receivedAt: index, method: 'POST', path: '/v1/responses', search: '', headers: {}, authorization: null,
    body: { model: 'm', input, tools }, model: 'm', stream: false, instructions: null, input, tools, functionCallOutputs: [],
  };
}

export const userMessage = (text: string) => ({ type: 'message', role: 'user', content: text });

export function approval(answer: ApprovalSeen['answer'], shownAt: number, answeredAt: number, text = ''): ApprovalSeen {
  return { text, fields: {}, answer, shownAt, answeredAt };
}
