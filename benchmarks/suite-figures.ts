// The suite's own speed (issues 8, 22): the whole conformance run against the reference host
// (wall, and CPU per scenario with where it went by kind of process), the quick run, the
// harness's own phases, its overhead per scenario, a scenario's fixture start-up, and writing
// the four report formats; one real host's run profiled beside it. Users run the suite in CI
// on every change, so these are features.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { readReportFile } from '../harness/report/report-file.js';
import { writeReports } from '../harness/report/write-reports.js';
import { startFixtures } from '../harness/runner/fixtures.js';
import { createSandbox } from '../harness/sandbox/sandbox.js';
import { parseScenario } from '../harness/scenario/load-scenarios.js';
import { runConformanceOnce } from './conformance-run.js';
import { toFigure } from '../harness/performance/figure.js';
import { measureOverhead } from './harness-overhead.js';
import { measurePhases } from './phase-profile.js';
import type { Figure, PhaseProfile, ProcessProfile } from './results-schema.js';
import { repeat, type RepeatOptions } from '../harness/performance/stats.js';

export interface SuiteOptions {
  /** Private temp dir for the runs' TMPDIR and reports. */
  dir: string;
  run: RepeatOptions;
  /** Runs of `run --quick`. */
  quick: RepeatOptions;
  /** A real host whose one whole run is profiled by kind of process beside the reference host's (none: skipped). */
  realHost: string | null;
  fixture: RepeatOptions;
  reportWrite: RepeatOptions;
  /** Repetitions per scenario of the overhead measurement (after one untimed warm-up scenario). */
  overheadReps: number;
  log: (line: string) => void;
}

const echoServer = { transport: 'http' as const, behaviour: { tools: [{ name: 'echo' }] } };
const FIXTURE_SCENARIO = parseScenario(
  {
    title: 'benchmark fixture: model and three HTTP servers',
    servers: { one: echoServer, two: echoServer, three: echoServer },
    model: [{ message: 'done' }],
    user: [{ send: 'hello' }],
    checks: [
      { id: 'unused', guarantees: ['DISCOVER-1'], expected: 'not graded', provenBy: [], grade: () => ({ verdict: 'PASS', observed: '', evidence: [] }) },
    ],
  },
  '/benchmarks/fixture-bench.scenario.ts',
);

/** The runner's startFixtures for a scenario with three HTTP servers, trap and model (closing not timed). */
async function fixtureStartMs(): Promise<number> {
  const sandbox = createSandbox(FIXTURE_SCENARIO.name);
  try {
    const begin = performance.now();
    const fixtures = await startFixtures(FIXTURE_SCENARIO, sandbox, { builtins: { names: [] }, configFiles: [] });
    const ms = performance.now() - begin;
    await fixtures.close();
    return ms;
  } finally {
    await sandbox.cleanup();
  }
}

export interface SuiteMeasurement {
  figures: Figure[];
  processes: ProcessProfile[];
  phases: PhaseProfile;
  notes: string[];
}

const profileOf = (host: string, run: { wallMs: number; cpuMs: number; kinds: ProcessProfile['kinds']; scenarioMs: Map<string, number> }): ProcessProfile => ({
  host,
  scenarios: run.scenarioMs.size,
  wallMs: run.wallMs,
  cpuMs: run.cpuMs,
  kinds: run.kinds,
});

export async function measureSuite(options: SuiteOptions): Promise<SuiteMeasurement> {
  const { dir, log } = options;
  const notes: string[] = [];
  const counts = new Map<string, number>();
  const cpuPerScenario: number[] = [];
  const processes: ProcessProfile[] = [];
  const walls = await repeat(options.run, async (i) => {
    const run = await runConformanceOnce(dir, i);
    if (i >= options.run.warmups) cpuPerScenario.push(run.cpuMs / Math.max(1, run.scenarioMs.size));
    if (i === options.run.warmups) processes.push(profileOf('reference', run));
    const verdicts = [...run.verdicts.values()];
    log(
      `  conformance run ${i + 1}: ${(run.wallMs / 1000).toFixed(1)} s, exit ${run.exitCode}, ${verdicts.length} checks, ${run.leftovers.length} leftover process(es)`,
    );
    for (const v of verdicts) counts.set(`run ${i + 1} ${v}`, (counts.get(`run ${i + 1} ${v}`) ?? 0) + 1);
    const durations = [...run.scenarioMs].sort((a, b) => b[1] - a[1]);
    const busy = durations.reduce((sum, [, ms]) => sum + ms, 0);
    if (i === options.run.warmups) {
      // Where the wall time goes: the runner's own per-scenario durations (several at once).
      notes.push(
        `conformance run ${i + 1}: scenarios' own durations sum to ${(busy / 1000).toFixed(1)} s over a ${(run.wallMs / 1000).toFixed(1)} s wall (${(busy / run.wallMs).toFixed(2)} scenarios at a time); slowest: ${durations
          .slice(0, 5)
          .map(([n, ms]) => `${n} ${(ms / 1000).toFixed(1)} s`)
          .join(', ')}`,
      );
    }
    if (run.leftovers.length > 0) notes.push(`conformance run ${i + 1}: ${run.leftovers.length} process(es) of the run remained and were killed`);
    return run.wallMs;
  });
  notes.push(`conformance run verdicts: ${[...counts].map(([k, n]) => `${k}: ${n}`).join(', ')}`);
  const figures = [
    toFigure(
      {
        id: 'suite.conformance-run',
        group: 'suite',
        name: 'whole conformance run against the reference host',
        unit: 'ms',
        how: '`node bin/mcp-host-conformance.js run` as a child process, spawn to exit, TMPDIR and --out in a private temp dir',
      },
      null,
      walls,
      options.run.warmups,
    ),
    toFigure(
      {
        id: 'suite.cpu-per-scenario',
        group: 'suite',
        name: 'CPU per scenario of that run (all its processes)',
        unit: 'ms',
        how: "user + system CPU of the run's whole process tree (the children's rusage collected when it is reaped), divided by the scenarios it ran",
      },
      null,
      cpuPerScenario,
      options.run.warmups,
    ),
  ];
  const quick = await repeat(options.quick, async (i) => {
    const run = await runConformanceOnce(dir, 100 + i, { args: ['--quick'] });
    log(`  quick run ${i + 1}: ${(run.wallMs / 1000).toFixed(1)} s, ${run.scenarioMs.size} scenarios, exit ${run.exitCode}`);
    return run.wallMs;
  });
  figures.push(
    toFigure(
      {
        id: 'suite.quick-run',
        group: 'suite',
        name: 'quick run against the reference host (run --quick)',
        unit: 'ms',
        how: '`node bin/mcp-host-conformance.js run --quick` (no scenario that waits over 5 s by design), spawn to exit',
      },
      null,
      quick,
      options.quick.warmups,
    ),
  );
  if (options.realHost !== null) {
    const run = await runConformanceOnce(dir, 200, { host: options.realHost });
    log(`  ${options.realHost} run: ${(run.wallMs / 1000).toFixed(1)} s, ${(run.cpuMs / 1000).toFixed(1)} CPU-s, exit ${run.exitCode}`);
    processes.push(profileOf(options.realHost, run));
  }
  log('  phases of the harness (in this process, metered)');
  const phases = await measurePhases();

  const overhead = await measureOverhead(options.overheadReps);
  const perScenario = Object.values(overhead.perScenarioMs);
  const worst = Object.entries(overhead.perScenarioMs).sort((a, b) => b[1] - a[1])[0];
  notes.push(`harness overhead: worst scenario ${worst?.[0] ?? 'none'}; the exiting host itself lived ${overhead.hostMs.toFixed(1)} ms (median, subtracted)`);
  figures.push(
    toFigure(
      {
        id: 'suite.harness-overhead',
        group: 'suite',
        name: `harness overhead per scenario (spread over ${perScenario.length} scenarios)`,
        unit: 'ms',
        how: `each scenario through the real runner against a host that exits at once (\`node -e ""\`), minus that host's own start-to-exit; each scenario's median of ${options.overheadReps}, then median/min/max over scenarios`,
      },
      null,
      perScenario,
      1,
    ),
  );

  figures.push(
    toFigure(
      {
        id: 'suite.fixture-start',
        group: 'suite',
        name: 'fixture start-up (trap, model, 3 HTTP servers)',
        unit: 'ms',
        how: "the runner's startFixtures for a three-server scenario, closing not timed",
      },
      null,
      await repeat(options.fixture, fixtureStartMs),
      options.fixture.warmups,
    ),
  );

  // The first measured run's report: a real one, with every check and its evidence.
  const report = readReportFile(join(dir, `out-${options.run.warmups}`, 'report.json'));
  const checks = report.hosts.reduce((n, h) => n + h.checks.length, 0);
  const writes = await repeat(options.reportWrite, async (i) => {
    const begin = performance.now();
    writeReports(report, join(dir, `write-${i}`));
    return performance.now() - begin;
  });
  figures.push(
    toFigure(
      {
        id: 'suite.report-write',
        group: 'suite',
        name: `report writing (${checks} checks, 4 formats)`,
        unit: 'ms',
        how: "writeReports of the conformance run's report: validation, report.json, junit.xml, report.md, index.html",
      },
      null,
      writes,
      options.reportWrite.warmups,
    ),
  );
  return { figures, processes, phases, notes };
}
