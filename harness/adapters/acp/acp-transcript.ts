// The screen an ACP client would show (issue 14): an ACP agent draws nothing itself, so the
// adapter writes a transcript of the protocol — the user's lines, permission requests with
// the tool call's title, kind and raw input (APPROVE-5), tool calls and their status,
// the agent's message text, the turn's stopReason and a prompt. Continuation lines are
// indented, so text from a server or the model can never forge a prompt or a question.
import type { PermissionOption, RequestPermissionRequest, ToolCallUpdate } from '@agentclientprotocol/sdk';

export const PROMPT_LINE = 'acp> ';
export const PROMPT = /^acp> $/m;
export const APPROVAL_QUESTION = 'approve? [allow/reject]';
export const APPROVAL = /^approve\? \[allow\/reject\]$/m;
/** ACP has no per-server start-up status: these never match a transcript line (DISCOVER-3 is graded as the client's). */
export const NO_STATUS_LINE = /^\u0000acp server status$/m;

const indent = (text: string): string => text.replace(/\r?\n/g, '\n  ');

export function line(label: string, text: string): string {
  return `${label}: ${indent(text)}\n`;
}

const json = (value: unknown): string => JSON.stringify(value ?? null);

function options(list: readonly PermissionOption[]): string {
  return list.map((o) => `${o.kind} ${JSON.stringify(o.name)}`).join(', ');
}

/** What the agent announced of a tool call before (tool_call and its updates): its title and raw input. */
export interface AnnouncedCall {
  title?: string;
  rawInput?: unknown;
}

/**
 * The permission request as a client shows it: on the card of the tool call it belongs to, so
 * what the request leaves out is the announced call's (a request may carry only the call's id):
 * title, the announced title when the request has another, kind, raw input, the options
 * offered, then the question.
 */
export function permissionText(request: RequestPermissionRequest, announced: AnnouncedCall = {}): string {
  const call = request.toolCall;
  const title = call.title ?? announced.title ?? call.toolCallId;
  return (
    line('permission request', title) +
    (announced.title !== undefined && announced.title !== title ? line('  tool call', announced.title) : '') +
    line('  kind', call.kind ?? 'other') +
    line('  rawInput', json(shownInput(request, announced))) +
    line('  options', options(request.options)) +
    `${APPROVAL_QUESTION}\n`
  );
}

/** The raw input a client shows with a permission request: the request's own, else the announced call's. */
export function shownInput(request: RequestPermissionRequest, announced: AnnouncedCall = {}): unknown {
  return request.toolCall.rawInput ?? announced.rawInput ?? null;
}

/**
 * What a tool call carries for the user to see (its output, a diff, a terminal): a client shows
 * it on the call's card, so a credential or a forged line in it reaches the user's screen.
 */
export function toolContentText(content: NonNullable<ToolCallUpdate['content']>): string {
  return content
    .map((item) => {
      if (item.type === 'diff') return `diff ${item.path}\n${item.newText}`;
      if (item.type === 'terminal') return `[terminal ${item.terminalId}]`;
      const block = item.content;
      if (block.type === 'text') return block.text;
      if (block.type === 'image' || block.type === 'audio') return `[${block.type}: ${block.mimeType}]`;
      if (block.type === 'resource_link') return `[link: ${block.uri}]`;
      return `[resource: ${block.resource.uri}]${'text' in block.resource ? `\n${block.resource.text}` : ''}`;
    })
    .join('\n');
}

/** A tool call or its update: title (when it has one), kind and status. */
export function toolCallLine(call: Pick<ToolCallUpdate, 'toolCallId' | 'title' | 'kind' | 'status'>, title: string | undefined): string {
  const name = call.title ?? title ?? call.toolCallId;
  return line(`tool ${JSON.stringify(name)}`, `${call.status ?? 'pending'}${call.kind === undefined || call.kind === null ? '' : ` (${call.kind})`}`);
}
