// The conformance run behind `mcp-host-conformance run`: every selected scenario against one
// host through the scheduler (run-scenarios.ts: longest expected first, as many at once as the
// CPU allows), the results written as the report. --shard splits the name-sorted scenarios
// round-robin, the same split on every machine. SIGINT or SIGTERM stops every process of the
// run, writes the report of the scenarios that finished marked incomplete, and exits 128+N;
// no temporary folder stays behind.
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProtocolOffer } from '../../fake-servers/mcp/protocol-revision.js';
import type { HostAdapter } from '../adapters/host-adapter.js';
import { reportFolderName } from '../adapters/resolve-host.js';
import { GUARANTEES } from '../catalogue/guarantees.js';
import type { RequiredBy } from '../catalogue/source-schema.js';
import { HarnessError, oneLine } from '../errors.js';
import { createProgress } from '../progress/progress.js';
import { applyExpectedFailures, type ExpectedFailures } from '../report/expected-failures.js';
import type { CheckResult, Leftover, Report, RunMetadata } from '../report/schema.js';
import { catalogueMap, countVerdicts } from '../report/summary.js';
import { tierHeadline } from '../report/tier-view.js';
import { writeReports } from '../report/write-reports.js';
import type { Scenario } from '../scenario/scenario-schema.js';
import { suiteRoot } from '../suite-root.js';
import { stopRun, watchInterrupts } from '../supervision/run-interrupt.js';
import { CpuGovernor } from './cpu-governor.js';
import { expectedDurations } from './expected-durations.js';
import { REFERENCE_DURATIONS, runScenarios } from './run-scenarios.js';
import { runMetadata } from './run-metadata.js';
import { runResult } from './run-result.js';
import { TIERS, type Tier } from '../catalogue/tiers.js';

export interface RunConformanceOptions {
  /** The host under test: the adapter the preflight started (it keeps that start's warm caches). */
  adapter: HostAdapter;
  /** The scenarios selected (run-inputs.ts: filters, --required-by, --quick), before --shard. */
  scenarios: Scenario[];
  /** Recorded in the report: only checks of guarantees the specification asks (`spec`, `spec-must`), or all (`catalogue`). */
  requiredBy: RequiredBy;
  /** Recorded in the report: --tier, the tiers kept (absent: all). */
  tiers?: Tier[];
  /** --protocol: every fake server of every scenario offers this (over the scenario's own pin). */
  protocol?: ProtocolOffer;
  shard?: string;
  outDir: string;
  /** Known failures, already read and checked against the scenarios (run-inputs.ts). */
  expectedFailures?: ExpectedFailures;
  /** The command line, recorded in the report. */
  command: string;
  log: (line: string) => void;
}

/** Shard "i/n" of the name-sorted scenarios: every n-th from the i-th, so shards are alike in size and mix. */
export function shardOf<T extends Pick<Scenario, 'name'>>(scenarios: readonly T[], shard: string): T[] {
  const [i, n] = shard.split('/').map(Number) as [number, number];
  return [...scenarios].sort((a, b) => a.name.localeCompare(b.name)).filter((_, k) => k % n === i - 1);
}

/** The exit code of a run cut short by `signal`, as a shell reports a process it killed (130 for SIGINT). */
function interruptedExitCode(signal: NodeJS.Signals): number {
  return 128 + (constants.signals[signal] ?? 0);
}

export interface ConformanceOutcome {
  exitCode: number;
  /** A signal stopped the run: the caller must exit now (scenarios' handles are still open). */
  interrupted: boolean;
}

/** Exit code (run-result.ts): 0 when every check conforms (or matches the expected failures); 128+N after signal N. */
export async function runConformance(options: RunConformanceOptions): Promise<ConformanceOutcome> {
  const { adapter } = options;
  const selected = options.scenarios;
  if (selected.length === 0) throw new HarnessError('CLI_INPUT', 'no scenario matches the --scenario/--guarantee/--required-by filters');
  const scenarios = options.shard === undefined ? selected : shardOf(selected, options.shard);
  if (scenarios.length === 0)
    throw new HarnessError('CLI_INPUT', `--shard ${options.shard}: no scenario falls in this shard of the ${selected.length} selected`);
  // One folder holds everything the run writes: as TMPDIR, every scenario's sandbox. It goes
  // at the end, however the run ends (a second signal does not wait for the scenarios).
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'mhc-run-')));
  mkdirSync(join(dir, 'tmp'));
  const outerTmp = process.env.TMPDIR;
  process.env.TMPDIR = join(dir, 'tmp');
  const progress = createProgress({ total: scenarios.length, isTTY: process.stdout.isTTY === true, out: process.stdout });
  const interrupts = watchInterrupts();
  const stop = new AbortController();
  const finished: CheckResult[] = [];
  const leftovers: Leftover[] = [];
  let scenariosFinished = 0;
  // A fault of the suite outside any scenario (an emitter's error) must neither end the run nor pass unseen.
  const unexpected: string[] = [];
  const onUnexpected = (error: unknown): void => void unexpected.push(oneLine(error instanceof Error ? (error.stack ?? error.message) : String(error)));
  process.on('uncaughtException', onUnexpected);
  process.on('unhandledRejection', onUnexpected);
  const startedAt = new Date();
  const write = async (checks: CheckResult[], incomplete: RunMetadata['incomplete']) => {
    const left = [...leftovers].sort((a, b) => a.scenario.localeCompare(b.scenario) || a.pid - b.pid);
    const shape = {
      command: options.command,
      shard: options.shard ?? null,
      incomplete,
      requiredBy: options.requiredBy,
      tiers: options.tiers ?? [...TIERS],
      protocol: options.protocol ?? null,
      leftovers: left,
    };
    const run = await runMetadata(adapter, { startedAt, endedAt: new Date() }, shape);
    const report: Report = { schemaVersion: 1, generatedAt: new Date().toISOString(), guarantees: [...GUARANTEES], hosts: [{ run, checks }] };
    const paths = writeReports(report, options.outDir);
    progress.end(Object.values(paths));
    return report;
  };
  try {
    const committed = join(suiteRoot(), 'reports', reportFolderName(adapter), 'report.json');
    const expected = expectedDurations([join(options.outDir, 'report.json'), committed, ...REFERENCE_DURATIONS], scenarios);
    const items = scenarios.map((scenario) => ({
      id: scenario.name,
      scenario,
      adapter,
      ...(options.protocol === undefined ? {} : { protocol: options.protocol }),
    }));
    const done = runScenarios(items, {
      expected,
      admission: new CpuGovernor(),
      signal: stop.signal,
      onStart: (item) => progress.start(item.id),
      onFinish: (item, results, left) => {
        finished.push(...results);
        leftovers.push(...left);
        scenariosFinished += 1;
        progress.finish(item.id, countVerdicts(results));
      },
    });
    const signal = await Promise.race([done.then(() => null), interrupts.first]);
    if (signal !== null) {
      stop.abort();
      return await interrupted(signal);
    }
  } finally {
    interrupts.dispose();
    process.off('uncaughtException', onUnexpected);
    process.off('unhandledRejection', onUnexpected);
    if (outerTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = outerTmp;
    rmSync(dir, { recursive: true, force: true });
  }
  const checks = [...finished].sort((a, b) => a.id.localeCompare(b.id));
  const report = await write(checks, null);
  const outcome = options.expectedFailures === undefined ? undefined : applyExpectedFailures(report, options.expectedFailures);
  for (const e of outcome?.unexpected ?? []) options.log(`unexpected failure: ${e.check}`);
  for (const e of outcome?.stale ?? []) options.log(`stale expected failure (now ${e.verdict}): ${e.check}`);
  for (const e of outcome?.flaky ?? []) options.log(`flaky expected failure (${e.verdict} this time, tolerated either way): ${e.check}`);
  for (const e of unexpected) options.log(`harness error outside any scenario: ${e}`);
  options.log(`By tier: ${tierHeadline(checks, catalogueMap(report))}`);
  const result = runResult(checks, outcome);
  const exitCode = unexpected.length > 0 ? Math.max(result.exitCode, 1) : result.exitCode;
  options.log(
    unexpected.length > 0 && result.exitCode === 0
      ? `Result: not conformant: ${unexpected.length} harness error(s) outside any scenario (exit 1)`
      : result.line,
  );
  return { exitCode, interrupted: false };

  /** The report of what finished when `signal` came, once every process of the run is gone. */
  async function interrupted(signal: NodeJS.Signals): Promise<ConformanceOutcome> {
    const checks = [...finished].sort((a, b) => a.id.localeCompare(b.id));
    const incomplete = { signal, scenariosFinished, scenariosPlanned: scenarios.length };
    // The scenarios still running see their hosts die: nothing they report from now on counts.
    const survivors = await stopRun(dir, interrupts.second);
    if (survivors.length > 0) options.log(`processes ${survivors.join(', ')} of the run could not be stopped`);
    await write(checks, incomplete);
    const exitCode = interruptedExitCode(signal);
    options.log(
      `Result: interrupted by ${signal}: ${incomplete.scenariosFinished} of ${incomplete.scenariosPlanned} scenarios finished; the report is incomplete (exit ${exitCode})`,
    );
    return { exitCode, interrupted: true };
  }
}
