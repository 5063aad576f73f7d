// The MCP side: connect the servers the ACP client hands us in session/new (stdio, Streamable
// HTTP, legacy SSE) with the MCP TypeScript SDK v2, list their tools, and turn them into
// OpenAI function tools named <server>__<tool>.
import type { McpServer } from '@agentclientprotocol/sdk';
import { Client, SSEClientTransport, StreamableHTTPClientTransport, type CallToolResult, type Tool, type Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { FunctionTool } from './llm.js';

export interface ConnectedServer {
  name: string;
  client: Client;
  tools: Tool[];
}

export interface ToolEntry {
  /** The function name the model sees. */
  name: string;
  server: string;
  tool: Tool;
  client: Client;
}

const toRecord = (pairs: { name: string; value: string }[]): Record<string, string> => Object.fromEntries(pairs.map((p) => [p.name, p.value]));

function transportFor(server: McpServer, cwd: string): Transport {
  if ('type' in server && server.type === 'http') {
    return new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: toRecord(server.headers) } });
  }
  if ('type' in server && server.type === 'sse') {
    return new SSEClientTransport(new URL(server.url), { requestInit: { headers: toRecord(server.headers) } });
  }
  const stdio = server as Extract<McpServer, { command: string }>;
  return new StdioClientTransport({ command: stdio.command, args: stdio.args, env: toRecord(stdio.env), cwd });
}

export async function connectServer(server: McpServer, cwd: string): Promise<ConnectedServer> {
  const client = new Client({ name: 'acp-agent', version: '0.1.0' });
  await client.connect(transportFor(server, cwd));
  const { tools } = await client.listTools();
  return { name: server.name, client, tools };
}

/** Connects every server at once; one that fails is logged and left out. */
export async function connectAll(servers: McpServer[], cwd: string): Promise<ConnectedServer[]> {
  const results = await Promise.allSettled(servers.map((s) => connectServer(s, cwd)));
  const connected: ConnectedServer[] = [];
  results.forEach((r, i) => {
    if (r.status === 'fulfilled') connected.push(r.value);
    else console.error(`[acp-agent] MCP server ${servers[i]?.name} failed to start: ${(r.reason as Error)?.message ?? r.reason}`);
  });
  return connected;
}

/** OpenAI function names allow [a-zA-Z0-9_-]{1,64}. */
export function functionName(server: string, tool: string): string {
  return `${server}__${tool}`.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);
}

export function toolTable(servers: ConnectedServer[]): Map<string, ToolEntry> {
  const table = new Map<string, ToolEntry>();
  for (const s of servers) {
    for (const tool of s.tools) {
      const name = functionName(s.name, tool.name);
      table.set(name, { name, server: s.name, tool, client: s.client });
    }
  }
  return table;
}

export function functionTools(table: Map<string, ToolEntry>): FunctionTool[] {
  return [...table.values()].map((t) => ({
    type: 'function',
    function: { name: t.name, description: t.tool.description ?? '', parameters: t.tool.inputSchema },
  }));
}

/** What the model gets back: the text parts, anything else as JSON. */
export function resultText(result: CallToolResult): string {
  return (result.content ?? []).map((part) => (part.type === 'text' ? part.text : JSON.stringify(part))).join('\n');
}
