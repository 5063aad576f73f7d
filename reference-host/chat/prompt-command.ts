// PROMPT-1: server prompts are used only when the user asks. `/prompts` lists what the
// servers offered (listed at start-up, never fetched then); `/prompt SERVER NAME k=v ...`
// sends prompts/get, shows every message marked with its server, and gives them to the
// model as user-role items marked with their server — never as instructions/system text.
import type { McpConnections, PromptMessage } from '../mcp/types.js';
import { errorLine, NO_PROMPTS_TEXT, promptListLine, promptMessageText } from '../ui/screen-text.js';
import type { Screen } from '../ui/screen.js';
import type { Interrupts } from './interrupts.js';

export const PROMPTS_COMMAND = '/prompts';
export const PROMPT_COMMAND = '/prompt';

const USAGE = `usage: ${PROMPT_COMMAND} SERVER NAME [key=value ...]`;

export interface PromptRequest {
  server: string;
  name: string;
  args: Record<string, string>;
}

/** True for `/prompt ...` (not `/prompts`). */
export function isPromptCommand(text: string): boolean {
  return text === PROMPT_COMMAND || text.startsWith(`${PROMPT_COMMAND} `);
}

/** `/prompt SERVER NAME k=v k2=v2`: values run to the next space; a bad token is an error. */
export function parsePromptCommand(text: string): PromptRequest | { error: string } {
  const [, server, name, ...rest] = text.split(/\s+/).filter((t) => t !== '');
  if (server === undefined || name === undefined) return { error: USAGE };
  const args: Record<string, string> = {};
  for (const token of rest) {
    const eq = token.indexOf('=');
    if (eq <= 0) return { error: `prompt arguments are key=value pairs, not ${JSON.stringify(token)} (${USAGE})` };
    args[token.slice(0, eq)] = token.slice(eq + 1);
  }
  return { server, name, args };
}

/** The `/prompts` listing: SERVER NAME - description per prompt. */
export function promptListing(connections: Pick<McpConnections, 'prompts'>): string {
  if (connections.prompts.length === 0) return NO_PROMPTS_TEXT;
  return connections.prompts.map((p) => promptListLine(p.server, p.name, p.description)).join('');
}

// seam: promptItemText
/** The model input item for one prompt message: user role, its server named first. */
export function promptItemText(server: string, message: PromptMessage): string {
  return `[MCP prompt from server ${JSON.stringify(server)}] ${message.role}: ${message.text}`;
}

export interface PromptCommandContext {
  connections: McpConnections;
  screen: Screen;
  interrupts: Interrupts;
}

// seam: fetchPromptItems
/**
 * Runs `/prompt ...`: the user-role texts to send, or null when nothing is to be sent (bad
 * command, unknown prompt, missing required argument, the server's error, an empty prompt).
 */
export async function fetchPromptItems(ctx: PromptCommandContext, text: string): Promise<string[] | null> {
  const request = parsePromptCommand(text);
  if ('error' in request) return failure(ctx.screen, request.error);
  const { server, name, args } = request;
  const listed = ctx.connections.prompts.find((p) => p.server === server && p.name === name);
  if (listed === undefined) return failure(ctx.screen, `MCP server ${server} offers no prompt named ${name} (see ${PROMPTS_COMMAND})`);
  const missing = listed.arguments.filter((a) => a.required && !(a.name in args)).map((a) => a.name);
  if (missing.length > 0) return failure(ctx.screen, `prompt ${name} of MCP server ${server} needs: ${missing.join(', ')}`);
  const outcome = await ctx.interrupts.abortable((signal) => ctx.connections.getPrompt(server, name, args, signal));
  if (!outcome.ok) return failure(ctx.screen, `prompt ${name} of MCP server ${server} failed: ${outcome.error}`);
  if (outcome.messages.length === 0) return failure(ctx.screen, `prompt ${name} of MCP server ${server} has no messages`);
  for (const message of outcome.messages) ctx.screen.write(promptMessageText(server, message.role, message.text));
  return outcome.messages.map((message) => promptItemText(server, message));
}

function failure(screen: Screen, message: string): null {
  screen.write(errorLine(message));
  return null;
}
