// What the model is offered (EXPOSE-1, EXPOSE-4): read_file, read_mcp_resource when some
// server listed resources or templates (RESOURCE-1), and every MCP tool under its exposed
// name, parameters exactly as the server described them, never strict.
import type { McpTool } from '../mcp/types.js';
import { READ_FILE_DESCRIPTION, READ_FILE_NAME, READ_FILE_PARAMETERS } from '../tools/read-file.js';
import {
  NO_RESOURCES,
  offersResources,
  READ_RESOURCE_NAME,
  READ_RESOURCE_PARAMETERS,
  resourceToolDescription,
  type ResourceOffer,
} from './resource-tool.js';

export interface ToolDefinition {
  type: 'function';
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  strict: false;
}

export type ResolvedTool = { kind: 'read_file' } | { kind: 'resource' } | { kind: 'mcp'; tool: McpTool };

/** Names of built-in tools; MCP tools may never shadow them (ConnectOptions.builtinNames), offered or not. */
export const BUILTIN_TOOL_NAMES: readonly string[] = [READ_FILE_NAME, READ_RESOURCE_NAME];

export interface ToolCatalog {
  readonly definitions: readonly ToolDefinition[];
  resolve(name: string): ResolvedTool | undefined;
}

// seam: buildToolCatalog
/** `readFile`: whether read_file is offered (a conforming variant may have no built-ins; pass NO_RESOURCES for no read_mcp_resource). */
export function buildToolCatalog(mcpTools: readonly McpTool[], offer: ResourceOffer = NO_RESOURCES, readFile = true): ToolCatalog {
  const readsResources = offersResources(offer);
  const byName = new Map<string, McpTool>();
  for (const tool of mcpTools) if (!BUILTIN_TOOL_NAMES.includes(tool.exposedName)) byName.set(tool.exposedName, tool);
  const definitions: ToolDefinition[] = [
    ...(readFile ? [{ type: 'function', name: READ_FILE_NAME, description: READ_FILE_DESCRIPTION, parameters: READ_FILE_PARAMETERS, strict: false } as const] : []),
    ...(readsResources
      ? [{ type: 'function', name: READ_RESOURCE_NAME, description: resourceToolDescription(offer), parameters: READ_RESOURCE_PARAMETERS, strict: false } as const]
      : []),
    ...[...byName.values()].map((tool): ToolDefinition => ({
      type: 'function',
      name: tool.exposedName,
      description: tool.description,
      parameters: tool.parameters,
      strict: false,
    })),
  ];
  return {
    definitions,
    resolve(name) {
      if (name === READ_FILE_NAME) return readFile ? { kind: 'read_file' } : undefined;
      if (name === READ_RESOURCE_NAME) return readsResources ? { kind: 'resource' } : undefined;
      const tool = byName.get(name);
      return tool === undefined ? undefined : { kind: 'mcp', tool };
    },
  };
}
