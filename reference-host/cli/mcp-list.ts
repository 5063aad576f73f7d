// `refhost mcp list`: each server with its destination; header and environment values are
// always shown as ******** whatever their length (CRED-4).
import { serverDestination } from '../config/destination.js';
import { readMcpConfig } from '../config/mcp-config-file.js';
import { mcpConfigFile } from '../config/paths.js';
import { isHttpServer } from '../config/schema.js';
import { neutralise } from '../ui/neutralise.js';
import type { CliDeps } from './cli-deps.js';
import type { CliIo } from './cli-io.js';

export const HIDDEN_VALUE = '********';

// seam: mcpList
export function mcpList(io: CliIo, deps: CliDeps = {}): number {
  const show = deps.showValue ?? ((): string => HIDDEN_VALUE);
  const file = mcpConfigFile(io.env);
  const servers = Object.entries(readMcpConfig(file).mcpServers);
  if (servers.length === 0) {
    io.stdout.write(`No MCP servers configured (${file}).\n`);
    return 0;
  }
  for (const [name, server] of servers) {
    const [label, values] = isHttpServer(server) ? ['headers', Object.entries(server.headers)] : ['env', Object.entries(server.env)];
    const secrets = values.length > 0 ? `  ${label}: ${values.map(([n, v]) => `${n}=${show(v)}`).join(', ')}` : '';
    const transport = isHttpServer(server) && server.type === 'sse' ? '  transport: sse' : '';
    io.stdout.write(`${neutralise(`${name}: ${serverDestination(server)}${transport}${secrets}`)}\n`);
  }
  return 0;
}
