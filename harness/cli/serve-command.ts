// `mcp-host-conformance serve ...`: the fake servers and mock model for manual runs; the
// harness supplies the scenarios (fake-servers knows none).
import type { Command } from 'commander';
import type { ServeIo } from '../../fake-servers/serve/run-serve.js';

/** `serve` with `--scenario NAME` resolved from scenarios/. Returns the exit code. */
export async function serveWithScenarios(argv: readonly string[], io: ServeIo): Promise<number> {
  // Imported here: `serve --help` answers without loading the fakes and the scenarios.
  const [{ runServe }, { scenarioFixture }] = await Promise.all([import('../../fake-servers/serve/run-serve.js'), import('../scenario/scenario-fixture.js')]);
  return runServe(argv, io, { resolveScenario: (name) => scenarioFixture(name) });
}

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description("start a scenario's fake MCP servers and mock model (or a behaviour file's) for a manual session, until Ctrl-C")
    .option('--scenario <name>', "serve this scenario's servers and scripted model")
    .option('--behaviour <file>', 'serve the servers and model described in this JSON file')
    .action(async (flags: { scenario?: string; behaviour?: string }) => {
      // Commander parsed and checked the flags; runServe takes them as its own argv.
      const argv = [
        ...(flags.scenario === undefined ? [] : ['--scenario', flags.scenario]),
        ...(flags.behaviour === undefined ? [] : ['--behaviour', flags.behaviour]),
      ];
      process.exitCode = await serveWithScenarios(argv, { stdout: process.stdout, stderr: process.stderr });
    });
}
