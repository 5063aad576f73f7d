// Prints the plain closing line CI reads: `conformance: N passed, N failed`.
// Counts individual tests (checks run as tests too); skipped tests are reported apart. A file
// that failed without a failing test (it did not load, or a hook threw and its tests were
// skipped) counts as one failure, so the line can never say 0 failed for a red run.
// Above it, one line per failed test, per file that failed without one, and per test that passed
// only when retried (vitest.config.ts retries once), each with its file and full name: CI shows a
// run's last lines, and a failure or a flake printed only in the middle of the log could not be
// named afterwards.
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** The parts of a vitest TestModule the count needs. */
export interface ModuleOutcome {
  state(): string;
  name?: string;
  tests: readonly { state: string; name?: string; flaky?: boolean }[];
}

export interface Summary {
  passed: number;
  failed: number;
  skipped: number;
}

export function summarise(modules: readonly ModuleOutcome[], unhandledErrors: number): Summary {
  const summary: Summary = { passed: 0, failed: unhandledErrors, skipped: 0 };
  for (const mod of modules) {
    const failedTests = mod.tests.filter((t) => t.state === 'failed').length;
    if (mod.state() === 'failed' && failedTests === 0) summary.failed += 1;
    summary.failed += failedTests;
    summary.passed += mod.tests.filter((t) => t.state === 'passed').length;
    summary.skipped += mod.tests.filter((t) => t.state !== 'passed' && t.state !== 'failed').length;
  }
  return summary;
}

/** One line per failed test, per file that failed without a failing test, and per flaky test (passed on retry), in module order. */
export function namedOutcomes(modules: readonly ModuleOutcome[]): string[] {
  return modules.flatMap((mod) => [
    ...(mod.state() === 'failed' && !mod.tests.some((t) => t.state === 'failed')
      ? [`failed file (did not load, or a hook failed): ${mod.name ?? '(unnamed)'}`]
      : []),
    ...mod.tests.filter((t) => t.state === 'failed').map((t) => `failed test: ${t.name ?? '(unnamed)'}`),
    ...mod.tests.filter((t) => t.state === 'passed' && t.flaky === true).map((t) => `flaky test (passed on retry): ${t.name ?? '(unnamed)'}`),
  ]);
}

export function summaryLine({ passed, failed, skipped }: Summary): string {
  return `conformance: ${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
}

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    const modules = testModules.map((mod) => {
      const name = relative(process.cwd(), mod.moduleId);
      const tests = [...mod.children.allTests()].map((t) => ({
        state: t.result().state,
        name: `${name} > ${t.fullName}`,
        flaky: t.diagnostic()?.flaky ?? false,
      }));
      return { state: () => mod.state(), name, tests };
    });
    const named = namedOutcomes(modules).map((line) => `${line}\n`);
    process.stdout.write(`\n${named.join('')}${summaryLine(summarise(modules, unhandledErrors.length))}\n`);
  }
}
