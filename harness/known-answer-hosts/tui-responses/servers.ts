// Loads ~/.config/tui-responses/settings.json and connects every server in it with the MCP SDK.
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { Client, SSEClientTransport, StreamableHTTPClientTransport, type Tool, type Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

export interface ServerConfig {
  id: string;
  kind: 'stdio' | 'http' | 'sse';
  cmd?: string[];
  env?: Record<string, string>;
  endpoint?: string;
  headers?: Record<string, string>;
}

export interface Connected {
  config: ServerConfig;
  client: Client;
  tools: Tool[];
}

export function settingsPath(): string {
  const base = process.env.XDG_CONFIG_HOME || join(homedir(), '.config');
  return join(base, 'tui-responses', 'settings.json');
}
// seam: loadServers
/** The servers of the settings file; no file means no servers. */
export function loadServers(file = settingsPath()): ServerConfig[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const settings = JSON.parse(text) as { servers?: ServerConfig[] };
  return settings.servers ?? [];
}

/** Where a server lives, for the status lines and the approval box. */
export function whereIs(config: ServerConfig): string {
  return config.kind === 'stdio' ? (config.cmd ?? []).join(' ') : (config.endpoint ?? '');
}
// seam: transportFor
function transportFor(config: ServerConfig): Transport {
  if (config.kind === 'stdio') {
    const [command, ...args] = config.cmd ?? [];
    if (command === undefined) throw new Error('no cmd configured');
    // stderr would scribble over the screen
    return new StdioClientTransport({ command, args, env: config.env, stderr: 'ignore' });
  }
  if (config.endpoint === undefined) throw new Error('no endpoint configured');
  const url = new URL(config.endpoint);
  const requestInit = { headers: config.headers ?? {} };
  return config.kind === 'sse' ? new SSEClientTransport(url, { requestInit }) : new StreamableHTTPClientTransport(url, { requestInit });
}

export async function connect(config: ServerConfig): Promise<Connected> {
  const client = new Client({ name: 'tui-responses', version: '0.1.0' });
  await client.connect(transportFor(config));
  try {
    const { tools } = await client.listTools();
    return { config, client, tools };
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
}

/** The function name the model sees: server and tool joined, cleaned up for the API. */
export function functionName(serverId: string, toolName: string): string {
  return `${serverId}__${toolName}`.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);
}
