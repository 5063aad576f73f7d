// `mcp-host-conformance serve ...`: the fake servers and mock model for manual runs; the
// harness supplies the scenarios (fake-servers knows none).
import type { Command } from 'commander';
import { runServe, type ServeIo } from '../../fake-servers/serve/run-serve.js';
import { scenarioFixture } from '../scenario/scenario-fixture.js';

/** `serve` with `--scenario NAME` resolved from scenarios/. Returns the exit code. */
export function serveWithScenarios(argv: readonly string[], io: ServeIo): Promise<number> {
  return runServe(argv, io, { resolveScenario: (name) => scenarioFixture(name) });
}

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('start a scenario\'s fake MCP servers and mock model for a manual session (see --help of serve)')
    .allowUnknownOption()
    .helpOption(false)
    .argument('[args...]')
    .action(async (args: string[]) => {
      process.exitCode = await serveWithScenarios(args, { stdout: process.stdout, stderr: process.stderr });
    });
}
