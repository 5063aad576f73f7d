// The conformance run behind `mcp-host-conformance run`: one vitest run (the one engine)
// over a generated test file per scenario, so vitest's own --shard splits scenarios across
// machines; the reporter's CheckResults become the report written to the output folder.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startVitest } from 'vitest/node';
import { resolveHost } from '../adapters/resolve-host.js';
import { GUARANTEES } from '../catalogue/guarantees.js';
import { HarnessError } from '../errors.js';
import { applyExpectedFailures, type ExpectedFailures } from '../report/expected-failures.js';
import type { Report } from '../report/schema.js';
import { writeReports } from '../report/write-reports.js';
import { loadScenarios } from '../scenario/load-scenarios.js';
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

/** Returns the process exit code (run-result.ts): 0 when every check conforms (or matches the expected failures). */
export async function runConformance(options: RunConformanceOptions): Promise<number> {
  const adapter = resolveHost(options.host);
  const scenarios = await loadScenarios(options);
  if (scenarios.length === 0) throw new HarnessError('CLI_INPUT', 'no scenario matches the --scenario/--guarantee filters');
  const dir = mkdtempSync(join(tmpdir(), 'mhc-run-'));
  const reporter = new ConformanceReporter(process.stdout);
  const startedAt = new Date();
  try {
    generateTestFiles(dir, scenarios.map((s) => s.file));
    const context: ConformanceContext = { host: options.host, scenario: options.scenario, guarantee: options.guarantee };
    const vitest = await startVitest('test', [], {
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
      reporters: [reporter],
      ...(options.shard === undefined ? {} : { shard: options.shard }),
    });
    await vitest.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (reporter.loadErrors.length > 0) throw new HarnessError('SCENARIO_INVALID', reporter.loadErrors.join('\n'));
  const report: Report = {
    schemaVersion: 1,
    generatedAt: new Date().toISOString(),
    guarantees: [...GUARANTEES],
    hosts: [{ run: await runMetadata(adapter, { startedAt, endedAt: new Date() }, options.command, options.shard ?? null), checks: reporter.checks }],
  };
  const paths = writeReports(report, options.outDir);
  reporter.end(Object.values(paths));
  const outcome = options.expectedFailures === undefined ? undefined : applyExpectedFailures(report, options.expectedFailures);
  for (const e of outcome?.unexpected ?? []) options.log(`unexpected failure: ${e.check}`);
  for (const e of outcome?.stale ?? []) options.log(`stale expected failure (now ${e.verdict}): ${e.check}`);
  const result = runResult(reporter.checks, outcome);
  options.log(result.line);
  return result.exitCode;
}
