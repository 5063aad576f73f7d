// Connects the configured MCP servers and turns their tools into Gemini function declarations.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { FunctionDeclaration } from '@google/genai';
import type { ServerConfig } from './config.js';

export interface McpTool {
  /** The function name the model sees. */
  functionName: string;
  server: string;
  tool: Tool;
  client: Client;
}

export type ServerStatus = { server: string; ok: true; tools: number } | { server: string; ok: false; error: string };
// seam: transportFor
function transportFor(config: ServerConfig): Transport {
  if (config.type === 'stdio') return new StdioClientTransport({ command: config.command, args: config.args, env: config.env });
  if (config.type === 'sse') return new SSEClientTransport(new URL(config.url), { requestInit: { headers: config.headers } });
  return new StreamableHTTPClientTransport(new URL(config.url), { requestInit: { headers: config.headers } });
}

/** Gemini function names: letters, digits, underscores, dots, colons and dashes, at most 128 characters. */
export const functionNameFor = (server: string, tool: string): string => `${server}__${tool}`.replace(/[^a-zA-Z0-9_.:-]/g, '_').slice(0, 128);

export class McpHub {
  readonly clients: Client[] = [];
  readonly tools = new Map<string, McpTool>();

  /** Connects every server at once; one that fails is reported and left out. */
  async connectAll(servers: Record<string, ServerConfig>): Promise<ServerStatus[]> {
    return Promise.all(
      Object.entries(servers).map(async ([server, config]): Promise<ServerStatus> => {
        const client = new Client({ name: 'genai-gemini', version: '0.1.0' });
        this.clients.push(client);
        try {
          await client.connect(transportFor(config));
          const { tools } = await client.listTools();
          for (const tool of tools) {
            const functionName = functionNameFor(server, tool.name);
            this.tools.set(functionName, { functionName, server, tool, client });
          }
          return { server, ok: true, tools: tools.length };
        } catch (error) {
          await client.close().catch(() => {});
          return { server, ok: false, error: (error as Error).message };
        }
      }),
    );
  }

  declarations(): FunctionDeclaration[] {
    return [...this.tools.values()].map(({ functionName, tool }) => ({
      name: functionName,
      description: tool.description ?? '',
      parametersJsonSchema: tool.inputSchema,
    }));
  }

  async call(entry: McpTool, args: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult> {
    return (await entry.client.callTool({ name: entry.tool.name, arguments: args }, undefined, { signal })) as CallToolResult;
  }

  async closeAll(): Promise<void> {
    await Promise.allSettled(this.clients.map((c) => c.close()));
  }
}

/** The text the model gets back from a tool result. */
export function resultText(result: CallToolResult): string {
  return (result.content ?? []).map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n');
}
