// The conformance run behind `mcp-host-conformance run`: one vitest run (the one engine)
// over a generated test file per scenario, so vitest's own --shard splits scenarios across
// machines; the reporter's CheckResults become the report written to the output folder.
// SIGINT or SIGTERM stops every process of the run, writes the report of the scenarios
// that finished marked incomplete, and exits 128+N; no temporary folder stays behind.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startVitest, type Vitest } from 'vitest/node';
import { resolveHost } from '../adapters/resolve-host.js';
import { GUARANTEES } from '../catalogue/guarantees.js';
import { HarnessError } from '../errors.js';
import { applyExpectedFailures, type ExpectedFailures } from '../report/expected-failures.js';
import type { CheckResult, Report, RunMetadata } from '../report/schema.js';
import { writeReports } from '../report/write-reports.js';
import { loadScenarios } from '../scenario/load-scenarios.js';
import { stopRun, watchInterrupts } from '../supervision/run-interrupt.js';
import { ConformanceReporter } from './conformance-reporter.js';
import { runMetadata } from './run-metadata.js';
import { runResult } from './run-result.js';
import type { ConformanceContext } from './scenario-test.js';

export interface RunConformanceOptions extends ConformanceContext {
  shard?: string;
  outDir: string;
  /** Known failures, already read and checked against the scenarios (run-inputs.ts). */
  expectedFailures?: ExpectedFailures;
  /** The command line, recorded in the report. */
  command: string;
  log: (line: string) => void;
}

/** Writes `<name>.conformance.test.js` per scenario, each registering its scenario's test. */
function generateTestFiles(dir: string, files: readonly string[]): void {
  const register = pathToFileURL(new URL('./scenario-test.js', import.meta.url).pathname).href;
  for (const file of files) {
    const name = file.replace(/^.*\//, '').replace(/\.scenario\.[jt]s$/, '');
    writeFileSync(join(dir, `${name}.conformance.test.js`), `import { registerScenarioFile } from ${JSON.stringify(register)};\nawait registerScenarioFile(${JSON.stringify(file)});\n`);
  }
}

/** The exit code of a run cut short by `signal`, as a shell reports a process it killed (130 for SIGINT). */
function interruptedExitCode(signal: NodeJS.Signals): number {
  return 128 + (constants.signals[signal] ?? 0);
}

export interface ConformanceOutcome {
  exitCode: number;
  /** A signal stopped the run: the caller must exit now (the engine's handles are still open). */
  interrupted: boolean;
}

/** Exit code (run-result.ts): 0 when every check conforms (or matches the expected failures); 128+N after signal N. */
export async function runConformance(options: RunConformanceOptions): Promise<ConformanceOutcome> {
  const adapter = resolveHost(options.host);
  const scenarios = await loadScenarios(options);
  if (scenarios.length === 0) throw new HarnessError('CLI_INPUT', 'no scenario matches the --scenario/--guarantee/--required-by filters');
  // One folder holds everything the run writes: the generated test files and, as TMPDIR
  // of the engine and its workers, every scenario's sandbox and the engine's own files. It
  // goes at the end, however the run ends (a second signal does not wait for the engine).
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'mhc-run-')));
  mkdirSync(join(dir, 'tmp'));
  const outerTmp = process.env.TMPDIR;
  process.env.TMPDIR = join(dir, 'tmp');
  const reporter = new ConformanceReporter(process.stdout);
  const interrupts = watchInterrupts();
  let engineHandle: Vitest | undefined;
  const startedAt = new Date();
  const write = async (checks: CheckResult[], incomplete: RunMetadata['incomplete']) => {
    const shape = { command: options.command, shard: options.shard ?? null, incomplete, requiredBy: options.requiredBy, protocol: options.protocol ?? null };
    const run = await runMetadata(adapter, { startedAt, endedAt: new Date() }, shape);
    const report: Report = { schemaVersion: 1, generatedAt: new Date().toISOString(), guarantees: [...GUARANTEES], hosts: [{ run, checks }] };
    const paths = writeReports(report, options.outDir);
    reporter.end(Object.values(paths));
    return report;
  };
  try {
    generateTestFiles(dir, scenarios.map((s) => s.file));
    const context: ConformanceContext = { host: options.host, scenario: options.scenario, guarantee: options.guarantee, requiredBy: options.requiredBy, ...(options.protocol === undefined ? {} : { protocol: options.protocol }) };
    const engine = startVitest('test', [], {
      root: dir,
      config: false,
      include: ['*.conformance.test.js'],
      watch: false,
      pool: 'forks',
      maxWorkers: 2,
      // One file per scenario exists only so vitest's --shard can split them; sharing the
      // module cache inside a worker saves re-importing the harness for every scenario
      // (each scenario still gets its own sandbox, fakes and host processes).
      isolate: false,
      testTimeout: 60_000,
      provide: { conformance: context },
      // Vitest's own SIGINT/SIGTERM handler exits at once; the run's is the one that counts.
      reporters: [
        reporter,
        {
          onInit: (vitest) => {
            engineHandle = vitest;
            interrupts.claim();
          },
        },
      ],
      ...(options.shard === undefined ? {} : { shard: options.shard }),
    }).then((vitest) => vitest.close().then(() => null));
    const signal = await Promise.race([engine, interrupts.first]);
    if (signal !== null) {
      void engine.catch(() => {});
      return await interrupted(signal);
    }
  } finally {
    interrupts.dispose();
    if (outerTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = outerTmp;
    rmSync(dir, { recursive: true, force: true });
  }
  if (reporter.loadErrors.length > 0) throw new HarnessError('SCENARIO_INVALID', reporter.loadErrors.join('\n'));
  const report = await write(reporter.checks, null);
  const outcome = options.expectedFailures === undefined ? undefined : applyExpectedFailures(report, options.expectedFailures);
  for (const e of outcome?.unexpected ?? []) options.log(`unexpected failure: ${e.check}`);
  for (const e of outcome?.stale ?? []) options.log(`stale expected failure (now ${e.verdict}): ${e.check}`);
  const result = runResult(reporter.checks, outcome);
  options.log(result.line);
  return { exitCode: result.exitCode, interrupted: false };

  /** The report of what finished when `signal` came, once every process of the run is gone. */
  async function interrupted(signal: NodeJS.Signals): Promise<ConformanceOutcome> {
    const checks = [...reporter.finished].sort((a, b) => a.id.localeCompare(b.id));
    const incomplete = { signal, scenariosFinished: reporter.scenariosFinished, scenariosPlanned: reporter.scenariosPlanned ?? scenarios.length };
    interrupts.engineDying();
    // No new scenario, and no new worker to replace the ones about to be killed.
    void engineHandle?.cancelCurrentRun('keyboard-input').catch(() => {});
    const survivors = await stopRun(dir, interrupts.second);
    if (survivors.length > 0) options.log(`processes ${survivors.join(', ')} of the run could not be stopped`);
    await write(checks, incomplete);
    const exitCode = interruptedExitCode(signal);
    options.log(`Result: interrupted by ${signal}: ${incomplete.scenariosFinished} of ${incomplete.scenariosPlanned} scenarios finished; the report is incomplete (exit ${exitCode})`);
    return { exitCode, interrupted: true };
  }
}
