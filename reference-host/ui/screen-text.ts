// The reference host's screen contract (reference-host.md): the exact strings the
// suite's profile matches on, in one place. Server-provided parts are neutralised
// (INJECT-2); status lines come before the banner (DISCOVER-3).
import type { CallStatus, ServerStatus } from '../mcp/types.js';
import { neutralise } from './neutralise.js';
import { prefixWithinBytes } from './text-cut.js';

export const USER_PROMPT = 'You> ';
export const BANNER = 'refhost - reference MCP host. Type /quit to exit.\n';

/** Result previews show at most this much of a tool's output. */
export const PREVIEW_MAX_LINES = 8;
export const PREVIEW_MAX_BYTES = 1024;

// seam: statusLine
export function statusLine(status: ServerStatus): string {
  const name = neutralise(status.server);
  return status.ok
    ? `MCP server ${name}: ${status.toolCount} tools from ${neutralise(status.destination)}\n`
    : `MCP server ${name} unavailable: ${neutralise(status.reason)}\n`;
}

// seam: instructionFlagLine
/** INJECT-3: printed before the banner for a tool whose definition reads like instructions. */
export function instructionFlagLine(server: string, tool: string): string {
  return `MCP server ${neutralise(server)}: tool ${neutralise(tool)} has instruction-like text in its description; it is treated as data\n`;
}

// seam: changedFlagLine
/** INJECT-4: printed before the banner for a tool whose definition changed since its pin. */
export function changedFlagLine(server: string, tool: string): string {
  return `MCP server ${neutralise(server)}: tool ${neutralise(tool)} changed since it was last seen; review it before approving calls\n`;
}

// seam: promptListLine
/** PROMPT-1: one line of `/prompts`: SERVER NAME - description. */
export function promptListLine(server: string, name: string, description: string | undefined): string {
  const about = description?.trim() ? ` - ${neutralise(description.trim())}` : '';
  return `${neutralise(server)} ${neutralise(name)}${about}\n`;
}

export const NO_PROMPTS_TEXT = 'No MCP server offers prompts.\n';

// seam: promptMessageText
/** PROMPT-1: each message of a prompt the user asked for, shown before it is used. */
export function promptMessageText(server: string, role: string, text: string): string {
  return `[Prompt from ${neutralise(server)}] ${neutralise(role)}: ${neutralise(text, { multiline: true })}\n`;
}

export function assistantText(text: string): string {
  return `Assistant> ${neutralise(text, { multiline: true })}\n`;
}

export function toolHeader(exposedName: string): string {
  return `[Tool: ${neutralise(exposedName)}]\n`;
}

// seam: resultPreview
/** The first lines of a tool's output (neutralised, multi-line) and whether there is more. */
export function resultPreview(output: string): { preview: string; more: boolean } {
  const lines = output.split('\n');
  let preview = lines.slice(0, PREVIEW_MAX_LINES).join('\n');
  preview = prefixWithinBytes(preview, PREVIEW_MAX_BYTES);
  return { preview: neutralise(preview, { multiline: true }), more: preview.length < output.length };
}

// seam: toolResult
/** `[Tool result: STATUS]` and the first lines of the output, marked when there is more. */
export function toolResult(status: CallStatus, output: string): string {
  const { preview, more } = resultPreview(output);
  const body = preview.length > 0 ? `${preview}\n` : '';
  return `[Tool result: ${status}]\n${body}${more ? '...\n' : ''}`;
}

// seam: unknownGatePrompt
/** UNKNOWN-2: asked before the next user message after an unknown outcome. */
export function unknownGatePrompt(calls: readonly { server: string; tool: string }[]): string {
  const names = calls.map((c) => `${neutralise(c.server)}/${neutralise(c.tool)}`).join(', ');
  return `An earlier MCP call may have run: ${names}. Send your message anyway? [y/N] `;
}

/** LIMIT-2: shown when a turn ends at the tool-call cap. */
export function toolLimitMessage(limit: number): string {
  return `Tool call limit reached: at most ${limit} tool calls per turn. The turn has ended; the remaining calls were not run.\n`;
}

// seam: errorLine
export function errorLine(message: string): string {
  return `refhost: ${neutralise(message)}\n`;
}
