// Reads ~/.config/anthropic-tty/config.yaml:
//
//   model: claude-sonnet-4-5        # optional
//   mcp:
//     servers:
//       - name: files
//         command: npx
//         args: ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"]
//         env: { SOME_TOKEN: "..." }
//       - name: docs
//         transport: http           # stdio (default when there is a command) | http | sse
//         url: https://example.com/mcp
//         headers: { Authorization: "Bearer ..." }
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';

export interface ServerConfig {
  name: string;
  transport: 'stdio' | 'http' | 'sse';
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  url?: string;
  headers?: Record<string, string>;
}

export interface Config {
  model?: string;
  servers: ServerConfig[];
}

export function configPath(): string {
  const base = process.env.XDG_CONFIG_HOME || join(homedir(), '.config');
  return join(base, 'anthropic-tty', 'config.yaml');
}

export function loadConfig(file = configPath()): Config {
  if (!existsSync(file)) return { servers: [] };
  const doc = (parse(readFileSync(file, 'utf8')) ?? {}) as { model?: string; mcp?: { servers?: Partial<ServerConfig>[] } };
  const servers: ServerConfig[] = [];
  for (const entry of doc.mcp?.servers ?? []) {
    if (!entry.name) throw new Error(`${file}: every server needs a name`);
    const transport = entry.transport ?? (entry.command ? 'stdio' : 'http');
    if (transport === 'stdio' && !entry.command) throw new Error(`${file}: server ${entry.name} needs a command`);
    if (transport !== 'stdio' && !entry.url) throw new Error(`${file}: server ${entry.name} needs a url`);
    servers.push({ ...entry, name: entry.name, transport });
  }
  return { model: doc.model, servers };
}
