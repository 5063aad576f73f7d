// `refhost mcp remove NAME`: drops one server (and its stored credentials) from the
// configuration, rewriting it atomically with mode 0600 (CONFIG-3).
import { readMcpConfig, writeMcpConfig } from '../config/mcp-config-file.js';
import { mcpConfigFile } from '../config/paths.js';
import { neutralise } from '../ui/neutralise.js';
import { CliError, type CliIo } from './cli-io.js';

export function mcpRemove(name: string, io: CliIo): number {
  const file = mcpConfigFile(io.env);
  const config = readMcpConfig(file);
  if (!Object.hasOwn(config.mcpServers, name)) {
    throw new CliError(`no MCP server named ${JSON.stringify(neutralise(name))} in ${file}`);
  }
  const mcpServers = Object.fromEntries(Object.entries(config.mcpServers).filter(([key]) => key !== name));
  writeMcpConfig(file, { mcpServers });
  io.stdout.write(`Removed MCP server ${name}.\n`);
  return 0;
}
