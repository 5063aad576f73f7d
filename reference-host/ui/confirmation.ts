// APPROVE-1..5: the per-call confirmation screen. It names the server, the destination,
// the tool's original name and the arguments (formatted JSON cut at 2 KiB, the cut
// marked), warns that the host cannot control the server, and defaults to deny. The
// policy's trust level, when set, is one more line (POLICY-4: shown, never skips asking).
// Every server-provided string is neutralised (INJECT-2).
import type { McpTool } from '../mcp/types.js';
import { neutralise } from './neutralise.js';
import { prefixWithinBytes } from './text-cut.js';

// seam: ARGUMENTS_DISPLAY_BYTES
/** How much of the formatted arguments the screen shows (APPROVE-5). */
export const ARGUMENTS_DISPLAY_BYTES = 2048;

export const APPROVE_PROMPT = 'Approve this operation? [y/N] ';

/** refhost's cut marker, given the bytes shown and the bytes in all. */
const cutMarker = (shownBytes: number, totalBytes: number): string => `... [cut: ${shownBytes} of ${totalBytes} bytes shown]`;

// seam: formatArgumentsForDisplay
/** The formatted JSON of the arguments, cut at ARGUMENTS_DISPLAY_BYTES with a visible marker. */
export function formatArgumentsForDisplay(args: Record<string, unknown>, marker = cutMarker): string {
  const formatted = JSON.stringify(args, null, 2);
  const total = Buffer.byteLength(formatted, 'utf8');
  if (total <= ARGUMENTS_DISPLAY_BYTES) return formatted;
  const shown = prefixWithinBytes(formatted, ARGUMENTS_DISPLAY_BYTES);
  return `${shown}\n${marker(Buffer.byteLength(shown, 'utf8'), total)}`;
}

/** Quotes a server-provided value for one screen line: a JSON string, neutralised. */
function quoted(value: string): string {
  return neutralise(JSON.stringify(value));
}

// seam: confirmationText
/** The confirmation block up to the question; every line ends with a newline. */
export function confirmationText(tool: McpTool, args: Record<string, unknown>, trust?: string): string {
  return [
    `[Tool: ${neutralise(tool.exposedName)}]`,
    `Server: ${quoted(tool.server)}`,
    `Destination: ${quoted(tool.destination)}`,
    ...(trust === undefined ? [] : [`Trust: ${quoted(trust)}`]),
    `Tool: ${quoted(tool.originalName)}`,
    `Arguments: ${quoted(formatArgumentsForDisplay(args))}`,
    'Arguments are sent to this MCP server. The host cannot control what the server does with them.',
    '',
  ].join('\n');
}

// seam: isYes
/** `y` or `yes` (any case, surrounding blanks ignored) approve; anything else and end of input deny. */
export function isYes(answer: string | null): boolean {
  if (answer === null) return false;
  const normalised = answer.trim().toLowerCase();
  return normalised === 'y' || normalised === 'yes';
}
