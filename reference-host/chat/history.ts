// The conversation as the Responses API `input` (the host is stateless: the whole history
// goes with every request), the function_call_output format and the context budget.
// LIMIT-3: when the serialized input exceeds the budget, the oldest tool outputs (MCP and
// built-in alike) are replaced by a short elision marker until it fits.
import type { CallStatus } from '../mcp/types.js';

export type HistoryItem =
  | { type: 'message'; role: 'user' | 'assistant'; content: string }
  | { type: 'function_call'; call_id: string; name: string; arguments: string }
  | { type: 'function_call_output'; call_id: string; output: string };

/** Default REFHOST_CONTEXT_BUDGET_BYTES. */
export const DEFAULT_CONTEXT_BUDGET_BYTES = 400 * 1024;

/** function_call_output.output: the JSON string {"status": S, "output": TEXT}. */
export function toolOutputJson(status: CallStatus, output: string): string {
  return JSON.stringify({ status, output });
}

export function serializedBytes(items: readonly HistoryItem[]): number {
  return Buffer.byteLength(JSON.stringify(items), 'utf8');
}

function elisionMarker(output: string): string {
  let status = 'completed';
  try {
    const parsed = JSON.parse(output) as { status?: unknown };
    if (typeof parsed.status === 'string') status = parsed.status;
  } catch {
    // A recorded output that is not our JSON keeps the default status.
  }
  const bytes = Buffer.byteLength(output, 'utf8');
  return JSON.stringify({ status, output: `[elided: ${bytes} bytes of earlier tool output removed to fit the context budget]` });
}

const ELIDED_PREFIX = '[elided: ';

function isElided(output: string): boolean {
  try {
    const parsed = JSON.parse(output) as { output?: unknown };
    return typeof parsed.output === 'string' && parsed.output.startsWith(ELIDED_PREFIX);
  } catch {
    return false;
  }
}

/**
 * Elides the oldest tool outputs in place until the input fits `budgetBytes` (or no output
 * is left to elide). Returns how many outputs were elided.
 */
export function fitToBudget(items: HistoryItem[], budgetBytes: number): number {
  let total = serializedBytes(items);
  let elided = 0;
  for (let i = 0; i < items.length && total > budgetBytes; i += 1) {
    const item = items[i];
    if (item?.type !== 'function_call_output' || isElided(item.output)) continue;
    const replacement = elisionMarker(item.output);
    // JSON.stringify of the item changes by the difference of the two quoted outputs.
    total += Buffer.byteLength(JSON.stringify(replacement), 'utf8') - Buffer.byteLength(JSON.stringify(item.output), 'utf8');
    items[i] = { ...item, output: replacement };
    elided += 1;
  }
  return elided;
}
