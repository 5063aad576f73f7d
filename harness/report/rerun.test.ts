import { describe, expect, it } from 'vitest';
import { ReportError } from './report-error.js';
import { outcomesOf, withRerun } from './rerun.js';
import type { CheckResult, Report } from './schema.js';
import { checkResult, hostRun, refhostChecks, refhostReport, report } from './test-fixtures/sample-reports.js';
import { validateReport } from './write-reports.js';

const ORIGIN = 'expose-description/origin-first';
const passing = checkResult(ORIGIN, ['EXPOSE-5'], 'PASS', {
  observed: 'named its origin first',
  durationMs: 900,
  evidence: [{ kind: 'model-request', source: 'model request #1', excerpt: '[docs] search' }],
});

/** A rerun of refhost's expose-description scenario in which its check gave `check`. */
function rerun(check: CheckResult): Report {
  return report(hostRun('refhost', '0.1.0', [check]));
}

const checkOf = (r: Report, id: string): CheckResult | undefined => r.hosts[0]?.checks.find((c) => c.id === id);

describe('withRerun', () => {
  it("makes a check whose verdict differs FLAKY, with each run's verdict, observation and evidence", () => {
    const first = checkOf(refhostReport(), ORIGIN)!;
    const combined = validateReport(withRerun(refhostReport(), rerun(passing)));
    const flaky = checkOf(combined, ORIGIN)!;
    expect(flaky).toMatchObject({
      verdict: 'FLAKY',
      observed: 'FAIL then PASS: the verdict differed between runs of the scenario',
      evidence: [],
      durationMs: first.durationMs,
      rerun: first.rerun,
    });
    expect(flaky.runs).toEqual([
      { verdict: 'FAIL', observed: first.observed, durationMs: first.durationMs, evidence: first.evidence },
      { verdict: 'PASS', observed: passing.observed, durationMs: 900, evidence: passing.evidence },
    ]);
    expect(outcomesOf(flaky)).toBe('FAIL then PASS');
  });

  it('keeps the first result of a check that gave the same verdict again, and leaves checks not rerun alone', () => {
    const again = { ...checkOf(refhostReport(), ORIGIN)!, observed: 'failed the same way, other words' };
    const combined = withRerun(refhostReport(), rerun(again));
    expect(combined.hosts[0]!.checks).toEqual(refhostChecks());
  });

  it('adds a third run to the runs of a FLAKY check', () => {
    const failing = { ...checkOf(refhostReport(), ORIGIN)!, observed: 'failed in the third run' };
    const combined = withRerun(withRerun(refhostReport(), rerun(passing)), rerun(failing));
    const flaky = checkOf(combined, ORIGIN)!;
    expect(outcomesOf(flaky)).toBe('FAIL then PASS then FAIL');
    expect(flaky.runs?.[2]?.observed).toBe('failed in the third run');
  });

  it('refuses a rerun of a host or a check the first report does not hold, naming the rerun', () => {
    expect(() => withRerun(refhostReport(), report(hostRun('codex', '0.9.1', [passing])), 'rerun.json')).toThrow(
      new ReportError('RERUN_MISMATCH', 'rerun.json: host codex 0.9.1 is not in the first report'),
    );
    expect(() => withRerun(refhostReport(), rerun({ ...passing, id: 'other/check' }), 'rerun.json')).toThrow(
      'rerun.json: check other/check of refhost 0.1.0 is not in the first report (a rerun repeats its scenarios)',
    );
  });
});
