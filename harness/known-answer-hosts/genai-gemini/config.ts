// ~/.genai-gemini/config.toml: the MCP servers to connect, one table each.
//
//   [servers.weather]
//   command = "node"
//   args = ["weather-server.js"]
//   env = { WEATHER_TOKEN = "..." }
//
//   [servers.docs]
//   type = "http"            # "stdio" (default when `command` is set), "http" or "sse"
//   url = "https://docs.example.com/mcp"
//   headers = { Authorization = "Bearer ..." }
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'smol-toml';

export type ServerConfig =
  | { type: 'stdio'; command: string; args: string[]; env: Record<string, string> }
  | { type: 'http' | 'sse'; url: string; headers: Record<string, string> };

export const CONFIG_FILE = join(homedir(), '.genai-gemini', 'config.toml');

const strings = (value: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries((value ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
// seam: loadServers
export function loadServers(file = CONFIG_FILE): Record<string, ServerConfig> {
  if (!existsSync(file)) return {};
  const doc = parse(readFileSync(file, 'utf8')) as { servers?: Record<string, Record<string, unknown>> };
  const servers: Record<string, ServerConfig> = {};
  for (const [name, entry] of Object.entries(doc.servers ?? {})) {
    const type = (entry.type as string | undefined) ?? (entry.command !== undefined ? 'stdio' : 'http');
    if (type === 'stdio') {
      servers[name] = { type, command: String(entry.command), args: ((entry.args as unknown[]) ?? []).map(String), env: strings(entry.env) };
    } else if (type === 'http' || type === 'sse') {
      servers[name] = { type, url: String(entry.url), headers: strings(entry.headers) };
    } else {
      throw new Error(`${file}: server "${name}" has unknown type "${type}"`);
    }
  }
  return servers;
}
