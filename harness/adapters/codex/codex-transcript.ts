// Codex (app-server) has no screen, so the adapter writes one: each protocol event becomes
// a line of a transcript that scenarios read like a terminal host's screen (DISCOVER-3
// status lines, APPROVE-5 approval text, the prompt). Continuation lines are indented so
// text from a server or the model can never forge a prompt or an approval line.
import type { McpToolApproval } from './app-server-messages.js';

export const PROMPT_LINE = 'codex> ';
export const PROMPT = /^codex> $/m;
export const APPROVAL_QUESTION = 'approve? [accept/decline]';
export const APPROVAL = /^approve\? \[accept\/decline\]$/m;
export const APPROVAL_START = /^approval request: /m;
/** One line per server once its start-up settled. */
export const STATUS_LINE = /^mcp server ".*": (?:ready|failed|cancelled).*$/m;
/** Codex's word for a server that did not come up is "failed" (or "cancelled"), then its error. */
export const UNAVAILABLE_LINE = /^mcp server ".*": (?:failed|cancelled)(?:: (.+))?$/m;

const indent = (text: string): string => text.replace(/\r?\n/g, '\n  ');

export function line(label: string, text: string): string {
  return `${label}: ${indent(text)}\n`;
}

export function statusLine(name: string, status: string, error: string | null): string {
  return line(`mcp server ${JSON.stringify(name)}`, error === null ? status : `${status}: ${error}`);
}

/** What Codex gives its user to decide on: its question and the arguments as it displays them. */
export function approvalText(a: McpToolApproval): string {
  const params = a.paramsDisplay.map((p) => line(`  ${p.displayName}`, typeof p.value === 'string' ? p.value : JSON.stringify(p.value)));
  return line('approval request', a.message) + params.join('') + `${APPROVAL_QUESTION}\n`;
}

interface ToolCallLike {
  server: string;
  tool: string;
  status: string;
  error: { message: string } | null;
}

export function toolCallLine(call: ToolCallLike): string {
  return line(`tool ${call.server}/${call.tool}`, call.error === null ? call.status : `${call.status}: ${call.error.message}`);
}
