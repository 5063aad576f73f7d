// `mcp-host-conformance serve ...`: the fake servers and mock model for manual runs.
import type { Command } from 'commander';
import { runServe } from '../../fake-servers/serve/run-serve.js';

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('start a scenario\'s fake MCP servers and mock model for a manual session (see --help of serve)')
    .allowUnknownOption()
    .helpOption(false)
    .argument('[args...]')
    .action(async (args: string[]) => {
      process.exitCode = await runServe(args, { stdout: process.stdout, stderr: process.stderr });
    });
}
