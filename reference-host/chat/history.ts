// The conversation as the Responses API `input` (the host is stateless: the whole history
// goes with every request), the function_call_output format and the context budget.
// LIMIT-3: when the serialized input exceeds the budget, the oldest tool outputs (MCP and
// built-in alike) are replaced by a short elision marker until it fits.
import type { CallStatus } from '../mcp/types.js';

export type HistoryItem =
  | { type: 'message'; role: 'user' | 'assistant'; content: string }
  | { type: 'function_call'; call_id: string; name: string; arguments: string }
  | { type: 'function_call_output'; call_id: string; output: string };

// seam: DEFAULT_CONTEXT_BUDGET_BYTES
/** Default REFHOST_CONTEXT_BUDGET_BYTES. */
export const DEFAULT_CONTEXT_BUDGET_BYTES = 400 * 1024;

/** function_call_output.output: the JSON string {"status": S, "output": TEXT}. */
export function toolOutputJson(status: CallStatus, output: string): string {
  return JSON.stringify({ status, output });
}

/** How tool outputs are written for the model, and read back (elision keeps the status). */
export interface ResultFormat {
  write(status: CallStatus, output: string): string;
  /** The status and text of an output in this format; null when it is not (a recorded foreign output). */
  read(text: string): { status: string; output: string } | null;
}

/** refhost's format: toolOutputJson. */
export const JSON_RESULTS: ResultFormat = {
  write: toolOutputJson,
  read(text) {
    try {
      const parsed = JSON.parse(text) as { status?: unknown; output?: unknown };
      if (typeof parsed.status !== 'string') return null;
      return { status: parsed.status, output: typeof parsed.output === 'string' ? parsed.output : '' };
    } catch {
      return null;
    }
  },
};

export function serializedBytes(items: readonly HistoryItem[]): number {
  return Buffer.byteLength(JSON.stringify(items), 'utf8');
}

function elisionMarker(output: string, format: ResultFormat): string {
  // A recorded output that is not in this format keeps the default status.
  const status = (format.read(output)?.status ?? 'completed') as CallStatus;
  const bytes = Buffer.byteLength(output, 'utf8');
  return format.write(status, `[elided: ${bytes} bytes of earlier tool output removed to fit the context budget]`);
}

const ELIDED_PREFIX = '[elided: ';

function isElided(output: string, format: ResultFormat): boolean {
  return format.read(output)?.output.startsWith(ELIDED_PREFIX) === true;
}

// seam: fitToBudget
/**
 * Elides the oldest tool outputs in place until the input fits `budgetBytes` (or no output
 * is left to elide). Returns how many outputs were elided.
 */
export function fitToBudget(items: HistoryItem[], budgetBytes: number, format: ResultFormat = JSON_RESULTS): number {
  let total = serializedBytes(items);
  let elided = 0;
  for (let i = 0; i < items.length && total > budgetBytes; i += 1) {
    const item = items[i];
    if (item?.type !== 'function_call_output' || isElided(item.output, format)) continue;
    const replacement = elisionMarker(item.output, format);
    // JSON.stringify of the item changes by the difference of the two quoted outputs.
    total += Buffer.byteLength(JSON.stringify(replacement), 'utf8') - Buffer.byteLength(JSON.stringify(item.output), 'utf8');
    items[i] = { ...item, output: replacement };
    elided += 1;
  }
  return elided;
}
