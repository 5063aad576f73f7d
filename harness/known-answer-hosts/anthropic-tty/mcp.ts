// Connects the configured MCP servers and turns their tools into Anthropic tool definitions.
import type Anthropic from '@anthropic-ai/sdk';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ServerConfig } from './config.js';

// Same knobs as Claude Code: MCP_TIMEOUT for start-up, MCP_TOOL_TIMEOUT for each call.
const CONNECT_TIMEOUT_MS = Number(process.env.MCP_TIMEOUT) || 10_000;
const TOOL_TIMEOUT_MS = Number(process.env.MCP_TOOL_TIMEOUT) || 60_000;

export interface McpTool {
  /** The name the model sees. */
  name: string;
  server: string;
  tool: Tool;
  client: Client;
}

export interface Connection {
  server: ServerConfig;
  client: Client;
  tools: Tool[];
}
// seam: transportFor
function transportFor(server: ServerConfig): Transport {
  switch (server.transport) {
    case 'stdio':
      return new StdioClientTransport({ command: server.command!, args: server.args ?? [], env: server.env });
    case 'sse':
      return new SSEClientTransport(new URL(server.url!), { requestInit: { headers: server.headers } });
    case 'http':
      return new StreamableHTTPClientTransport(new URL(server.url!), { requestInit: { headers: server.headers } });
  }
}
// seam: connect
export async function connect(server: ServerConfig): Promise<Connection> {
  const client = new Client({ name: 'anthropic-tty', version: '0.1.0' });
  await client.connect(transportFor(server), { timeout: CONNECT_TIMEOUT_MS });
  try {
    const tools: Tool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : undefined, { timeout: CONNECT_TIMEOUT_MS });
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor);
    return { server, client, tools };
  } catch (error) {
    await client.close();
    throw error;
  }
}

/** Anthropic tool names must match ^[a-zA-Z0-9_-]{1,64}$. */
export function toolName(server: string, tool: string): string {
  return `${server}__${tool}`.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);
}

export function registerTools(connections: Connection[]): Map<string, McpTool> {
  const tools = new Map<string, McpTool>();
  for (const { server, client, tools: list } of connections) {
    for (const tool of list) {
      const name = toolName(server.name, tool.name);
      tools.set(name, { name, server: server.name, tool, client });
    }
  }
  return tools;
}

export function anthropicTools(tools: Map<string, McpTool>): Anthropic.Tool[] {
  return [...tools.values()].map((t) => ({
    name: t.name,
    description: t.tool.description ?? '',
    input_schema: t.tool.inputSchema as Anthropic.Tool.InputSchema,
  }));
}

export async function callTool(t: McpTool, input: unknown): Promise<CallToolResult> {
  return (await t.client.callTool({ name: t.tool.name, arguments: input as Record<string, unknown> }, undefined, { timeout: TOOL_TIMEOUT_MS })) as CallToolResult;
}

/** MCP content -> tool_result content blocks. */
export function resultBlocks(result: CallToolResult): Array<Anthropic.TextBlockParam | Anthropic.ImageBlockParam> {
  const blocks: Array<Anthropic.TextBlockParam | Anthropic.ImageBlockParam> = [];
  for (const c of result.content ?? []) {
    switch (c.type) {
      case 'text':
        blocks.push({ type: 'text', text: c.text });
        break;
      case 'image':
        blocks.push({ type: 'image', source: { type: 'base64', media_type: c.mimeType as Anthropic.Base64ImageSource['media_type'], data: c.data } });
        break;
      case 'resource':
        blocks.push({ type: 'text', text: 'text' in c.resource ? c.resource.text : `[binary resource ${c.resource.uri}]` });
        break;
      case 'resource_link':
        blocks.push({ type: 'text', text: `[resource link: ${c.name} ${c.uri}]` });
        break;
      default:
        blocks.push({ type: 'text', text: `[${c.type} content not supported]` });
    }
  }
  if (blocks.length === 0) blocks.push({ type: 'text', text: '(no output)' });
  return blocks;
}
