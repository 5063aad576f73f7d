// `npm run bench` (issues 8, 22): the suite's speed and each host's MCP overhead, side by side.
// Every figure is taken several times after warm-ups; the host profile is measured for every
// installed host (the reference host in full, Codex in full for the targets, every other
// installed real host for launch and call overhead) in the same run against the same fakes.
// The suite's figures come with where a run's CPU goes (by kind of process, for the reference
// host and one real host) and where the harness's time goes (by phase), and beside the
// figures of the benchmark before (the committed bench/results.json). Writes bench/results.json
// and BENCHMARKS.md; a missed target is a figure, not a failure: the exit code is 1 only when
// a measurement could not be completed.
// Run: npm run bench   (build first when calling directly: npx tsx benchmarks/run-all.ts)
//   --quick          1 warm-up + 2 runs (one conformance run): for development, rough figures
//   --host NAME      only this host (repeatable: reference, codex or a profile path)
//   --only suite|hosts
//   --render         re-render BENCHMARKS.md from bench/results.json without measuring
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, platform, release } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { existsSync } from 'node:fs';
import { builtinAcpProfile, builtinAcpProfileNames, loadAcpProfile } from '../harness/adapters/acp/acp-profile.js';
import { findCodex } from '../harness/adapters/codex/locate-codex.js';
import { resolveHost } from '../harness/adapters/resolve-host.js';
import { requireBuilt, ROOT, tempDir } from './bench-kit.js';
import { renderBenchmarksMd } from './benchmarks-md.js';
import { HOST_FIGURES, measureHostProfile } from '../harness/performance/host-profile.js';
import { readResults, type Figure, type Results } from './results-schema.js';
import { measureSuite } from './suite-figures.js';
import { evaluateTargets } from './targets.js';

const RESULTS_FILE = join(ROOT, 'bench', 'results.json');
const MARKDOWN_FILE = join(ROOT, 'BENCHMARKS.md');

const ArgsSchema = z.object({
  quick: z.boolean().default(false),
  render: z.boolean().default(false),
  host: z.array(z.string().min(1)).default([]),
  only: z.enum(['suite', 'hosts']).optional(),
});

function parseCli(): z.infer<typeof ArgsSchema> {
  try {
    const { values } = parseArgs({
      options: { quick: { type: 'boolean' }, render: { type: 'boolean' }, host: { type: 'string', multiple: true }, only: { type: 'string' } },
    });
    const parsed = ArgsSchema.safeParse(values);
    if (parsed.success) return parsed.data;
    throw new Error(parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; '));
  } catch (error) {
    process.stderr.write(`run-all: ${(error as Error).message}\n`);
    process.exit(2);
  }
}

function write(results: Results): void {
  mkdirSync(join(ROOT, 'bench'), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(MARKDOWN_FILE, renderBenchmarksMd(results));
  process.stdout.write(`wrote ${RESULTS_FILE} and ${MARKDOWN_FILE}\n`);
}

const args = parseCli();
if (args.render) {
  write(readResults(RESULTS_FILE));
  process.exit(0);
}
requireBuilt('dist/harness/cli/main.js');
requireBuilt('dist/refhost.mjs');

const log = (line: string): void => void process.stdout.write(`${line}\n`);
// The benchmark before this one, for the ratios (a results file of another shape compares nothing).
const previous: Results['previous'] = (() => {
  try {
    const before = readResults(RESULTS_FILE);
    return { generatedAt: before.generatedAt, figures: before.figures };
  } catch {
    return null;
  }
})();
const load = (): [number, number, number] => loadavg().map((l) => Number(l.toFixed(2))) as [number, number, number];
const loadBefore = load();
const many = args.quick ? { warmups: 1, runs: 2 } : { warmups: 1, runs: 5 };
const figures: Figure[] = [];
const processes: Results['processes'] = [];
let phases: Results['phases'] = null;
const notes: string[] = [];
const hosts: Results['hosts'] = [];
let failed = false;

/** Installed real hosts: Codex, and every built-in ACP profile whose .hosts/ folder is there. */
function installedRealHosts(): string[] {
  const acp = builtinAcpProfileNames().filter((name) => {
    const { install } = loadAcpProfile(builtinAcpProfile(name) ?? '').profile;
    return install !== undefined && existsSync(join(ROOT, '.hosts', install));
  });
  return [...(findCodex() === null ? [] : ['codex']), ...acp];
}

const realHosts = installedRealHosts();
if (args.only !== 'suite') {
  const selectors = args.host.length > 0 ? args.host : ['reference', ...realHosts];
  if (args.host.length === 0 && !selectors.includes('codex'))
    notes.push('Codex is not installed here, so it has no column (install it with `npm run hosts:install -- codex`).');
  for (const selector of selectors) {
    const adapter = resolveHost(selector);
    const version = await adapter.version();
    // The targets compare the reference host with Codex on every figure; other hosts on launch and call overhead.
    const full = selector === 'reference' || selector === 'codex';
    const runs = full ? many : { warmups: 1, runs: Math.min(3, many.runs) };
    log(
      `host profile: ${adapter.name} (${version ?? 'version unknown'}), ${runs.warmups} warm-up + ${runs.runs} runs per figure${full ? '' : ', launch and call overhead'}`,
    );
    try {
      figures.push(
        ...(await measureHostProfile(adapter, {
          ...runs,
          log,
          ...(full ? {} : { only: [HOST_FIGURES.launch0.id, HOST_FIGURES.launch3.id, HOST_FIGURES.call.id] }),
        })),
      );
      hosts.push({ name: adapter.name, version });
    } catch (error) {
      failed = true;
      notes.push(`host ${adapter.name}: the profile could not be completed: ${(error as Error).message.split('\n')[0]}`);
      log(`host ${adapter.name} failed: ${(error as Error).message}`);
    }
  }
}

if (args.only !== 'hosts') {
  const dir = tempDir('bench-suite-');
  try {
    log(`suite figures (${args.quick ? 'quick' : 'full'})`);
    const suite = await measureSuite({
      dir,
      run: args.quick ? { warmups: 0, runs: 1 } : { warmups: 1, runs: 3 },
      quick: args.quick ? { warmups: 0, runs: 1 } : { warmups: 0, runs: 3 },
      // One real host's whole run, profiled by kind of process beside the reference host's.
      realHost: args.quick ? null : (realHosts[0] ?? null),
      fixture: args.quick ? many : { warmups: 3, runs: 30 },
      reportWrite: many,
      overheadReps: args.quick ? 1 : 3,
      log,
    });
    figures.push(...suite.figures);
    processes.push(...suite.processes);
    phases = suite.phases;
    notes.push(...suite.notes);
  } catch (error) {
    failed = true;
    notes.push(`suite figures could not be completed: ${(error as Error).message.split('\n')[0]}`);
    log(`suite failed: ${(error as Error).message}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const results: Results = {
  schemaVersion: 1,
  generatedAt: new Date().toISOString(),
  command: ['npm run bench', ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])].join(' '),
  mode: args.quick ? 'quick' : 'full',
  machine: { cores: availableParallelism(), node: process.version, os: `${platform()} ${release()}`, loadBefore, loadAfter: load() },
  hosts,
  figures,
  processes,
  phases,
  previous,
  targets: evaluateTargets(figures),
  notes,
};
write(results);
for (const t of results.targets) log(`${t.status.padEnd(12)} ${t.name}`);
process.exitCode = failed ? 1 : 0;
