// What the model is offered (EXPOSE-1, EXPOSE-4): read_file plus every MCP tool under its
// exposed name, parameters exactly as the server described them, never strict.
import type { McpTool } from '../mcp/types.js';
import { READ_FILE_DESCRIPTION, READ_FILE_NAME, READ_FILE_PARAMETERS } from '../tools/read-file.js';

export interface ToolDefinition {
  type: 'function';
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  strict: false;
}

export type ResolvedTool = { kind: 'read_file' } | { kind: 'mcp'; tool: McpTool };

/** Names of built-in tools; MCP tools may never shadow them (ConnectOptions.builtinNames). */
export const BUILTIN_TOOL_NAMES: readonly string[] = [READ_FILE_NAME];

export interface ToolCatalog {
  readonly definitions: readonly ToolDefinition[];
  resolve(name: string): ResolvedTool | undefined;
}

export function buildToolCatalog(mcpTools: readonly McpTool[]): ToolCatalog {
  const byName = new Map<string, McpTool>();
  for (const tool of mcpTools) if (!BUILTIN_TOOL_NAMES.includes(tool.exposedName)) byName.set(tool.exposedName, tool);
  const definitions: ToolDefinition[] = [
    { type: 'function', name: READ_FILE_NAME, description: READ_FILE_DESCRIPTION, parameters: READ_FILE_PARAMETERS, strict: false },
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
      if (name === READ_FILE_NAME) return { kind: 'read_file' };
      const tool = byName.get(name);
      return tool === undefined ? undefined : { kind: 'mcp', tool };
    },
  };
}
