// `mcp-host-conformance run`: the conformance run against one host (reference or a profile).
// Every input is checked and the host started once (preflight) before the first scenario.
import { Command, InvalidArgumentError } from 'commander';
import { rmSync } from 'node:fs';
import { parseProtocolOffer, type ProtocolOffer } from '../../fake-servers/mcp/protocol-revision.js';
import { requiredByOption, tierOption } from './required-by-option.js';
import type { RunFlags } from './run-inputs.js';

const collect = (value: string, previous: string[]): string[] => [...previous, value];

function protocol(value: string): ProtocolOffer {
  try {
    return parseProtocolOffer(value);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

function shard(value: string): string {
  const m = /^(\d+)\/(\d+)$/.exec(value);
  if (m === null || Number(m[1]) < 1 || Number(m[1]) > Number(m[2])) throw new InvalidArgumentError('expected i/n with 1 <= i <= n, e.g. 2/4');
  return value;
}

// The work is imported inside the actions: --help, --version and usage errors answer at
// once, without loading the scenarios or the fakes.
async function list(flags: RunFlags): Promise<void> {
  const { checkSelection } = await import('./run-inputs.js');
  for (const s of (await checkSelection(flags)).selected) {
    const ids = [...new Set(s.checks.flatMap((c) => c.guarantees))].sort();
    process.stdout.write(`${s.name}  ${ids.join(' ')}\n  ${s.title}\n`);
    // The numbers and patterns a check applies are data, shown with it.
    for (const c of s.checks.filter((check) => check.grade.thresholds !== undefined)) {
      process.stdout.write(
        `    ${c.id}: ${Object.entries(c.grade.thresholds ?? {})
          .map(([k, v]) => `${k}=${v}`)
          .join(', ')}\n`,
      );
    }
  }
}

async function run(flags: RunFlags): Promise<number> {
  const { checkRunInputs, defaultOutDir } = await import('./run-inputs.js');
  const inputs = await checkRunInputs(flags, (adapter) => flags.out ?? defaultOutDir(adapter));
  try {
    await (await import('../conformance/host-preflight.js')).preflightHost(inputs.adapter, `--host ${flags.host}`);
  } catch (error) {
    // Nothing ran: leave no empty report folder behind.
    if (inputs.createdDir !== undefined) rmSync(inputs.createdDir, { recursive: true, force: true });
    throw error;
  }
  const log = (line: string): void => void process.stdout.write(`${line}\n`);
  const { runConformance } = await import('../conformance/run-conformance.js');
  const outcome = await runConformance({
    adapter: inputs.adapter,
    scenarios: inputs.selected,
    requiredBy: flags.requiredBy,
    ...(flags.tier === undefined ? {} : { tiers: flags.tier }),
    ...(flags.shard === undefined ? {} : { shard: flags.shard }),
    ...(flags.protocol === undefined ? {} : { protocol: flags.protocol }),
    ...(inputs.expectedFailures === undefined ? {} : { expectedFailures: inputs.expectedFailures }),
    outDir: inputs.outDir,
    command: ['mcp-host-conformance', ...process.argv.slice(2)].join(' '),
    log,
  });
  // Interrupted: the report is written and every process of the run is gone; the test
  // engine's handles would keep this process alive, so it ends here.
  if (outcome.interrupted) process.exit(outcome.exitCode);
  if (flags.performance === true) await (await import('../performance/performance-section.js')).attachPerformance(inputs.adapter, inputs.outDir, log);
  return outcome.exitCode;
}

export function registerRunCommand(program: Command): void {
  program
    .command('run')
    .description('run the conformance scenarios against a host and write reports')
    .option('--host <reference|codex|profile.json>', 'the host under test', 'reference')
    .option('--scenario <prefix>', 'only scenarios whose name starts with this (repeatable)', collect, [])
    .option('--guarantee <prefix>', 'only checks of these guarantee IDs, e.g. APPROVE or NET-2 (repeatable)', collect, [])
    .addOption(requiredByOption('grade and report only checks'))
    .addOption(tierOption('grade and report only checks'))
    .option('--list', 'list the scenarios and the guarantee IDs their checks observe')
    .option('--quick', 'leave out the scenarios that wait long by design (over 5 s on the reference host: real deadlines, a slow user)')
    .option('--shard <i/n>', 'run only shard i of n (every n-th scenario by name, from the i-th)', shard)
    .option('--out <dir>', 'report folder (default test-results/<host>/; the committed reports/<host>/ are written only on purpose)')
    .option(
      '--expected-failures <file>',
      "known failures (JSON, or .yaml/.yml in the official conformance suite's format): listed failures pass, unlisted fail, listed passes are stale",
    )
    .option('--protocol <revision>', "every fake server offers this MCP revision: 2025-11-25, 2026-07-28 or both (default: each scenario's own)", protocol)
    .option('--performance', "also measure the host's MCP performance (launch to ready, call overhead, memory) into the report, INFO only")
    .action(async (flags: RunFlags) => {
      if (flags.list === true) return list(flags);
      process.exitCode = await run(flags);
    });
}
