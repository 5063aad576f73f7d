// The in-memory history plus its session record (REPLAY-1..3). Every item is recorded as
// it happens; MCP function calls carry their {server, tool} so a replay never has to
// resolve a live server. Credential values are masked before an item is kept (CRED-3).
import type { SessionItem } from '../sessions/session-store.js';
import type { HistoryItem } from './history.js';
import { JSON_RESULTS, type ResultFormat } from './history.js';
import type { Redact } from './redaction.js';

export interface McpCallRef {
  server: string;
  tool: string;
}

export type RecordedItem = HistoryItem & { mcp?: McpCallRef };

/** Where items are recorded; the session store's writer adapted to this shape. */
export interface SessionSink {
  append(item: RecordedItem): void;
}

function redactItem(item: HistoryItem, redact: Redact): HistoryItem {
  switch (item.type) {
    case 'message':
      return { ...item, content: redact(item.content) };
    case 'function_call':
      return { ...item, arguments: redact(item.arguments) };
    case 'function_call_output':
      return { ...item, output: redact(item.output) };
  }
}

// seam: MISSING_OUTPUT_TEXT
/** Text of the output given to a recorded call that has none (the host stopped mid-call). */
export const MISSING_OUTPUT_TEXT =
  'No result was recorded for this call (the host stopped while it was pending); the server may have acted. Do not retry it automatically.';

function fromSessionItem(item: SessionItem): HistoryItem {
  switch (item.type) {
    case 'message':
      return { type: 'message', role: item.role, content: item.content };
    case 'function_call':
      return { type: 'function_call', call_id: item.call_id, name: item.name, arguments: item.arguments };
    case 'function_call_output':
      return { type: 'function_call_output', call_id: item.call_id, output: item.output };
  }
}

// seam: historyFromSession
/**
 * The history of a saved session, sent as input later; nothing is re-invoked (REPLAY-1).
 * A function_call without its output (the host was killed mid-call) gets an `unknown`
 * output so the Responses API accepts the input.
 */
export function historyFromSession(items: readonly SessionItem[], format: ResultFormat = JSON_RESULTS): HistoryItem[] {
  const answered = new Set(items.flatMap((item) => (item.type === 'function_call_output' ? [item.call_id] : [])));
  const out: HistoryItem[] = [];
  for (const item of items.map(fromSessionItem)) {
    out.push(item);
    if (item.type === 'function_call' && !answered.has(item.call_id)) {
      out.push({ type: 'function_call_output', call_id: item.call_id, output: format.write('unknown', MISSING_OUTPUT_TEXT) });
    }
  }
  return out;
}

export class Conversation {
  readonly items: HistoryItem[];

  constructor(
    initial: readonly HistoryItem[],
    private readonly sink: SessionSink | null,
    private readonly redact: Redact,
  ) {
    this.items = [...initial];
  }

  // seam: Conversation.add
  add(item: HistoryItem, mcp?: McpCallRef): void {
    const kept = redactItem(item, this.redact);
    this.items.push(kept);
    this.sink?.append(mcp === undefined ? kept : { ...kept, mcp });
  }
}
