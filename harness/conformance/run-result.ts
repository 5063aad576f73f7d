// The verdict of a whole run, as its exit code and one closing line: 0 when every check
// conforms (or every failure is an expected one), 1 when checks failed or were blocked. A run with any
// HARNESS-ERROR is never a conformant run (the suite broke, so those checks proved nothing):
// exit 1 and the line says so. Exit 2 (bad input) never gets this far.
import type { ExpectedFailuresOutcome } from '../report/expected-failures.js';
import type { CheckResult } from '../report/schema.js';
import { countVerdicts } from '../report/summary.js';

export const EXIT_CONFORMANT = 0;
export const EXIT_CHECKS_FAILED = 1;
export const EXIT_USAGE = 2;

export interface RunResult {
  exitCode: number;
  line: string;
}

export function runResult(checks: readonly CheckResult[], expected?: ExpectedFailuresOutcome): RunResult {
  const counts = countVerdicts(checks);
  const errors = counts['HARNESS-ERROR'];
  const unexpected = (verdict: 'FAIL' | 'BLOCKED'): number => expected?.unexpected.filter((e) => e.verdict === verdict).length ?? 0;
  const failing =
    expected === undefined
      ? [counts.FAIL > 0 ? `${counts.FAIL} FAIL` : '', counts.BLOCKED > 0 ? `${counts.BLOCKED} BLOCKED` : '']
      : [
          unexpected('FAIL') > 0 ? `${unexpected('FAIL')} unexpected FAIL` : '',
          unexpected('BLOCKED') > 0 ? `${unexpected('BLOCKED')} unexpected BLOCKED` : '',
          expected.stale.length > 0 ? `${expected.stale.length} stale expected failure(s)` : '',
        ];
  const problems = failing.filter((p) => p !== '');
  if (errors > 0) {
    return {
      exitCode: EXIT_CHECKS_FAILED,
      line: `Result: not a conformant run: ${errors} HARNESS-ERROR (the suite broke on these checks; rerun them)${problems.length > 0 ? `, and ${problems.join(', ')}` : ''} (exit 1)`,
    };
  }
  if (problems.length > 0) return { exitCode: EXIT_CHECKS_FAILED, line: `Result: checks failed: ${problems.join(', ')} (exit 1)` };
  const tolerated = expected !== undefined && expected.expected.length > 0 ? `, ${expected.expected.length} expected failure(s)` : '';
  return { exitCode: EXIT_CONFORMANT, line: `Result: conformant: ${checks.length} check(s)${tolerated} (exit 0)` };
}
