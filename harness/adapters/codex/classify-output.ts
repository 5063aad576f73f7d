// Reads the status Codex gave an MCP call from the function_call_output it sent the model
// (RESULT-1..9). Codex has no status field: its output is "Wall time: …\nOutput:" plus the
// content (NOTES.md). The status is read only from what the model got, so a host that
// hides a failure is judged by what it hid.
import type { CallStatus } from '../host-adapter.js';
import { resultText } from '../result-text.js';

const WALL_TIME = /^Wall time: \d+(?:\.\d+)? seconds\nOutput:\n?/;
const TRUNCATED = /…\d+ (?:tokens|chars) truncated…/;

/**
 * The text after Codex's "Wall time … Output:" header: the text the model got (result-text.ts,
 * an array's input_text items joined, images as "[image: <type>]"), or null when `output` is
 * neither a string nor an array (not a Responses function_call_output).
 */
export function codexOutputText(output: unknown): string | null {
  if (typeof output !== 'string' && !Array.isArray(output)) return null;
  return resultText(output).replace(WALL_TIME, '');
}

export function classifyCodexOutput(output: unknown): CallStatus | null {
  const text = codexOutputText(output);
  if (text === null) return null;
  // Decline and cancel of Codex's approval request ("deny" and an empty answer).
  if (text === 'user rejected MCP tool call' || text === 'user cancelled MCP tool call') return 'denied';
  if (text.startsWith('tool call error:') || text.startsWith('unsupported call:')) return 'failed';
  if (TRUNCATED.test(text)) return 'output_limit';
  return 'completed';
}
