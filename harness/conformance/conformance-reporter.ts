// Vitest reporter of the conformance run: gathers each scenario test's CheckResults (from
// its meta) into the report model and hands it on. A scenario test that never finished
// (timeout, crash) turns its planned checks into HARNESS-ERROR, never into silence. A run
// cut short by a signal reports what `finished` holds at that moment.
import type { Reporter, TestCase, TestModule, TestSpecification } from 'vitest/node';
import { createProgress, type Progress, type ProgressOutput } from '../progress/progress.js';
import type { CheckResult } from '../report/schema.js';
import { countVerdicts } from '../report/summary.js';

function resultsOf(test: TestCase): CheckResult[] {
  const meta = test.meta().conformance;
  if (meta === undefined) return [];
  if (meta.checks.length > 0) return meta.checks;
  const errors = test.result().errors?.map((e) => e.message).join('; ') ?? 'no result';
  return meta.planned.map((p) => ({ ...p, verdict: 'HARNESS-ERROR' as const, observed: `the scenario did not finish: ${errors}`, durationMs: test.diagnostic()?.duration ?? 0, evidence: [] }));
}

export class ConformanceReporter implements Reporter {
  readonly checks: CheckResult[] = [];
  /** Test files that failed to load (an invalid scenario): the run cannot be trusted. */
  readonly loadErrors: string[] = [];
  /** Results of the scenarios finished so far, and how many the run has (after --shard). */
  readonly finished: CheckResult[] = [];
  scenariosFinished = 0;
  scenariosPlanned: number | undefined;
  private progress: Progress | undefined;

  constructor(private readonly out: ProgressOutput & { isTTY?: boolean }) {}

  /** The specifications are known only here, after vitest applied --shard. */
  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    this.scenariosPlanned = specifications.length;
    this.progress = createProgress({ total: specifications.length, isTTY: this.out.isTTY === true, out: this.out });
  }

  onTestCaseReady(test: TestCase): void {
    this.progress?.start(test.name);
  }

  onTestCaseResult(test: TestCase): void {
    const results = resultsOf(test);
    this.finished.push(...results);
    this.scenariosFinished += 1;
    this.progress?.finish(test.name, countVerdicts(results));
  }

  /** Clears the live line and prints the summary table with the report paths. */
  end(reportPaths: readonly string[]): void {
    this.progress?.end(reportPaths);
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    for (const mod of testModules) {
      const tests = [...mod.children.allTests()];
      if (mod.state() === 'failed' && tests.length === 0) {
        this.loadErrors.push(`${mod.moduleId}: ${mod.errors().map((e) => e.message).join('; ')}`);
      }
      for (const test of tests) this.checks.push(...resultsOf(test));
    }
    this.checks.sort((a, b) => a.id.localeCompare(b.id));
  }
}
