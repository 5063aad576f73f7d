// Start-up listing of a server's resources, resource templates and prompts (RESOURCE-1,
// PROMPT-1), each only when the server declared the capability, each under the LIMIT-1
// bounds. A list the server refuses or that breaks a bound leaves that server with none of
// that kind (reads of its URIs are then refused locally); its tools stay available. Prompt
// messages are never fetched here: only prompts/list, never prompts/get.
import { ProtocolError } from '@modelcontextprotocol/client';
import { collectPages, type ListSpec } from './discovery.js';
import { PROMPT_LIST } from './prompts.js';
import { RESOURCE_LIST, TEMPLATE_LIST } from './resources.js';
import type { ServerSession } from './server-session.js';
import type { McpPrompt, McpResource, McpResourceTemplate } from './types.js';

export interface ServerExtras {
  resources: Omit<McpResource, 'server'>[];
  resourceTemplates: Omit<McpResourceTemplate, 'server'>[];
  prompts: Omit<McpPrompt, 'server'>[];
}

export const NO_EXTRAS: ServerExtras = { resources: [], resourceTemplates: [], prompts: [] };

// seam: discoverExtras
/** Runs after initialize, under the connect+discover deadline `signal`. */
export async function discoverExtras(session: ServerSession, signal: AbortSignal): Promise<ServerExtras> {
  const capabilities = session.capabilities() ?? {};
  const list = async <T>(declared: unknown, spec: ListSpec<T>): Promise<T[]> => {
    if (declared === undefined) return [];
    try {
      const result = await collectPages((cursor) => session.listPage(spec.method, cursor, signal), spec);
      return result.ok ? result.items : [];
    } catch (error) {
      // A JSON-RPC error answer is the server refusing this list; anything else (the
      // deadline, a dead transport) makes the server unavailable like a failed tools/list.
      if (error instanceof ProtocolError) return [];
      throw error;
    }
  };
  return {
    resources: await list(capabilities.resources, RESOURCE_LIST),
    resourceTemplates: await list(capabilities.resources, TEMPLATE_LIST),
    prompts: await list(capabilities.prompts, PROMPT_LIST),
  };
}
