// Settings of langchain-pipes: one JSON file in the user's home, ~/.langchain-pipes.json.
//
//   {
//     "model": "gpt-4o-mini",
//     "agent": {
//       "tools": {
//         "mcp": {
//           "docs":  { "transport": "http", "url": "https://example.com/mcp", "headers": { "Authorization": "Bearer ..." } },
//           "notes": { "transport": "stdio", "command": "node", "args": ["notes-server.js"], "env": { "NOTES_TOKEN": "..." } },
//           "old":   { "transport": "sse", "url": "https://example.com/sse" }
//         }
//       }
//     }
//   }
//
// A server entry is MultiServerMCPClient's own connection shape, so it is handed to it as is.
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export interface ServerEntry {
  transport?: 'stdio' | 'http' | 'sse';
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  url?: string;
  headers?: Record<string, string>;
}

export interface Settings {
  model?: string;
  agent?: { tools?: { mcp?: Record<string, ServerEntry> } };
}

export const SETTINGS_FILE = join(homedir(), '.langchain-pipes.json');

/** The settings, or none when the file does not exist yet. Throws on a file that is not JSON. */
export function loadSettings(file = SETTINGS_FILE): Settings {
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8')) as Settings;
}

/** Where a server lives, for its status line. */
export function destinationOf(entry: ServerEntry): string {
  if (entry.url !== undefined) return entry.url;
  return [entry.command ?? '', ...(entry.args ?? [])].join(' ');
}
