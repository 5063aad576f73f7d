// Reads the status Codex gave an MCP call from the function_call_output it sent the model
// (RESULT-1..9). Codex has no status field: its output is "Wall time: …\nOutput:" plus the
// content (NOTES.md). The status is read only from what the model got, so a host that
// hides a failure is judged by what it hid.
import type { CallStatus } from '../host-adapter.js';

const WALL_TIME = /^Wall time: \d+(?:\.\d+)? seconds\nOutput:\n?/;
const TRUNCATED = /…\d+ tokens truncated…/;

/** The text after Codex's "Wall time … Output:" header, or null when `output` is not Codex's shape. */
export function codexOutputText(output: unknown): string | null {
  if (typeof output === 'string') return output.replace(WALL_TIME, '');
  if (!Array.isArray(output)) return null;
  const texts: string[] = [];
  for (const item of output) {
    if (typeof item !== 'object' || item === null) return null;
    const { type, text } = item as { type?: unknown; text?: unknown };
    if (type === 'input_text' && typeof text === 'string') texts.push(text);
    else if (typeof type !== 'string') return null;
  }
  if (texts.length > 0 && WALL_TIME.test(`${texts[0]}\n`)) texts.shift();
  return texts.join('\n');
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
