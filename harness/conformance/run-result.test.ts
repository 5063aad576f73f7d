import { describe, expect, it } from 'vitest';
import type { ExpectedFailuresOutcome } from '../report/expected-failures.js';
import type { CheckResult, Verdict } from '../report/schema.js';
import { runResult } from './run-result.js';

const checks = (...verdicts: Verdict[]): CheckResult[] =>
  verdicts.map((verdict, i) => ({
    id: `s/c${i}`,
    scenario: 's',
    guarantees: ['APPROVE-1'],
    level: 'MUST',
    expected: 'e',
    observed: 'o',
    verdict,
    durationMs: 1,
    evidence: [],
    rerun: 'r',
  }));

const outcome = (parts: Partial<Record<'expected' | 'unexpected' | 'stale', number>>): ExpectedFailuresOutcome => {
  const entries = (n = 0) => Array.from({ length: n }, (_, i) => ({ check: `s/c${i}`, verdict: 'FAIL' as const, reason: null }));
  return {
    ok: !parts.unexpected && !parts.stale,
    expected: entries(parts.expected),
    unexpected: entries(parts.unexpected),
    stale: entries(parts.stale),
    undetermined: [],
    flaky: [],
  };
};

describe('the result of a run', () => {
  it('is conformant (exit 0) when every check passes, is a SHOULD miss, INFO or UNSUPPORTED', () => {
    expect(runResult(checks('PASS', 'NON-STRICT', 'INFO', 'UNSUPPORTED'))).toEqual({ exitCode: 0, line: 'Result: conformant: 4 check(s) (exit 0)' });
  });

  it('fails (exit 1) on a FAIL', () => {
    expect(runResult(checks('PASS', 'FAIL', 'FAIL'))).toEqual({ exitCode: 1, line: 'Result: checks failed: 2 FAIL (exit 1)' });
  });

  it('is never conformant with a HARNESS-ERROR, and says so, even when every failure is expected', () => {
    expect(runResult(checks('PASS', 'HARNESS-ERROR'))).toEqual({
      exitCode: 1,
      line: 'Result: not a conformant run: 1 HARNESS-ERROR (the suite broke on these checks; rerun them) (exit 1)',
    });
    expect(runResult(checks('FAIL', 'HARNESS-ERROR'), outcome({ expected: 1 })).exitCode).toBe(1);
    expect(runResult(checks('FAIL', 'HARNESS-ERROR')).line).toBe(
      'Result: not a conformant run: 1 HARNESS-ERROR (the suite broke on these checks; rerun them), and 1 FAIL (exit 1)',
    );
  });

  it('judges by the expected failures when given: expected ones pass, unexpected and stale ones fail', () => {
    expect(runResult(checks('FAIL', 'PASS'), outcome({ expected: 1 }))).toEqual({
      exitCode: 0,
      line: 'Result: conformant: 2 check(s), 1 expected failure(s) (exit 0)',
    });
    expect(runResult(checks('FAIL', 'PASS'), outcome({ unexpected: 1, stale: 2 }))).toEqual({
      exitCode: 1,
      line: 'Result: checks failed: 1 unexpected FAIL, 2 stale expected failure(s) (exit 1)',
    });
  });
});
