// `mcp-host-conformance run`: the conformance run against one host (reference or a profile).
import { Command, InvalidArgumentError } from 'commander';
import { join } from 'node:path';
import { attachPerformance } from '../performance/performance-section.js';
import { resolveHost } from '../adapters/resolve-host.js';
import { runConformance } from '../conformance/run-conformance.js';
import { HarnessError } from '../errors.js';
import { loadScenarios } from '../scenario/load-scenarios.js';

interface RunFlags {
  host: string;
  scenario: string[];
  guarantee: string[];
  list?: boolean;
  shard?: string;
  out?: string;
  expectedFailures?: string;
  performance?: boolean;
}

const collect = (value: string, previous: string[]): string[] => [...previous, value];

function shard(value: string): string {
  const m = /^(\d+)\/(\d+)$/.exec(value);
  if (m === null || Number(m[1]) < 1 || Number(m[1]) > Number(m[2])) throw new InvalidArgumentError('expected i/n with 1 <= i <= n, e.g. 2/4');
  return value;
}

/** reports/reference-host/ for the bundled host, reports/<profile name>/ otherwise. */
function defaultOutDir(host: string): string {
  const name = host === 'reference' ? 'reference-host' : resolveHost(host).name;
  return join(process.cwd(), 'reports', name);
}

async function list(flags: RunFlags): Promise<void> {
  for (const s of await loadScenarios(flags)) {
    const ids = [...new Set(s.checks.flatMap((c) => c.guarantees))].sort();
    process.stdout.write(`${s.name}  ${ids.join(' ')}\n  ${s.title}\n`);
  }
}

export function registerRunCommand(program: Command): void {
  program
    .command('run')
    .description('run the conformance scenarios against a host and write reports')
    .option('--host <reference|profile.json>', 'the host under test', 'reference')
    .option('--scenario <prefix>', 'only scenarios whose name starts with this (repeatable)', collect, [])
    .option('--guarantee <prefix>', 'only checks of these guarantee IDs, e.g. APPROVE or NET-2 (repeatable)', collect, [])
    .option('--list', 'list the scenarios and the guarantee IDs their checks observe')
    .option('--shard <i/n>', 'run only shard i of n (vitest sharding)', shard)
    .option('--out <dir>', 'report folder (default reports/<host>/)')
    .option('--expected-failures <file>', 'known failures: listed failures pass, unlisted fail, listed passes are stale')
    .option('--performance', "also measure the host's MCP performance (launch to ready, call overhead, memory) into the report, INFO only")
    .action(async (flags: RunFlags) => {
      try {
        if (flags.list === true) return void (await list(flags));
        const outDir = flags.out ?? defaultOutDir(flags.host);
        const log = (line: string): void => void process.stdout.write(`${line}\n`);
        process.exitCode = await runConformance({
          host: flags.host,
          scenario: flags.scenario,
          guarantee: flags.guarantee,
          ...(flags.shard === undefined ? {} : { shard: flags.shard }),
          ...(flags.expectedFailures === undefined ? {} : { expectedFailures: flags.expectedFailures }),
          outDir,
          command: ['mcp-host-conformance', ...process.argv.slice(2)].join(' '),
          log,
        });
        if (flags.performance === true) await attachPerformance(resolveHost(flags.host), outDir, log);
      } catch (error) {
        if (!(error instanceof HarnessError)) throw error;
        process.stderr.write(`mcp-host-conformance: ${error.message}\n`);
        process.exitCode = 2;
      }
    });
}
