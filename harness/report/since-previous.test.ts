import { describe, expect, it } from 'vitest';
import { ReportError } from './report-error.js';
import type { HostRun, Verdict } from './schema.js';
import { movesText, sincePrevious, sincePreviousLine, withPrevious } from './since-previous.js';
import { checkResult, hostRun, otherHostRun, refhostChecks, report } from './test-fixtures/sample-reports.js';

/** refhost 0.2.0: one check regressed, one fixed, one moved from HARNESS-ERROR, one gone, one new. */
function newerRefhost(): HostRun {
  const verdicts: Record<string, Verdict> = {
    'discover-once/initialize-before-model': 'FAIL',
    'expose-description/origin-first': 'PASS',
    'net-redirect/no-follow': 'PASS',
  };
  const checks = refhostChecks()
    .filter((c) => c.id !== 'telemetry/attributable')
    .map((c) => ({ ...c, verdict: verdicts[c.id] ?? c.verdict }));
  const run = hostRun('refhost', '0.2.0', [...checks, checkResult('new-scenario/new-check', ['DISCOVER-1'], 'PASS')]);
  run.run.startedAt = '2026-02-01T08:00:00.000Z';
  return run;
}

const previous = (): HostRun => hostRun('refhost', '0.1.0', refhostChecks());

describe('sincePrevious', () => {
  it('ranks each check as report diff does: fixed, regressed, changed (not graded), with added, removed and unchanged counted', () => {
    expect(sincePrevious(previous(), newerRefhost())).toEqual({
      version: '0.1.0',
      startedAt: '2026-01-10T10:00:00.000Z',
      fixed: [{ check: 'expose-description/origin-first', from: 'FAIL', to: 'PASS' }],
      regressed: [{ check: 'discover-once/initialize-before-model', from: 'PASS', to: 'FAIL' }],
      changed: [{ check: 'net-redirect/no-follow', from: 'HARNESS-ERROR', to: 'PASS' }],
      added: 1,
      removed: 1,
      unchanged: 3,
    });
  });

  it('says it in one line, leaving out added and removed when there are none', () => {
    expect(sincePreviousLine(sincePrevious(previous(), newerRefhost()))).toBe(
      'since 0.1.0 (run of 2026-01-10): 1 fixed · 1 regressed · 1 changed (not graded) · 1 added · 1 removed · 3 unchanged',
    );
    expect(sincePreviousLine(sincePrevious(previous(), previous()))).toBe(
      'since 0.1.0 (run of 2026-01-10): 0 fixed · 0 regressed · 0 changed (not graded) · 7 unchanged',
    );
  });

  it('names at most the first moves of a list and counts the rest', () => {
    const moves = ['a', 'b', 'c'].map((check) => ({ check, from: 'FAIL' as const, to: 'PASS' as const }));
    expect(movesText(moves, 2)).toBe('a (FAIL -> PASS), b (FAIL -> PASS) and 1 more');
    expect(movesText(moves)).toBe('a (FAIL -> PASS), b (FAIL -> PASS), c (FAIL -> PASS)');
  });
});

describe('withPrevious', () => {
  it('keeps the diff in the column of the same host name and leaves the others alone', () => {
    const merged = withPrevious(report(newerRefhost(), otherHostRun()), [report(previous())], ['old.json']);
    expect(merged.hosts[0]?.sincePrevious?.regressed).toHaveLength(1);
    expect(merged.hosts[1]?.sincePrevious).toBeUndefined();
  });

  it('refuses a previous host with no column, two columns or a second previous report, naming the file', () => {
    expect(() => withPrevious(report(otherHostRun()), [report(previous())], ['old.json'])).toThrow(
      new ReportError('PREVIOUS_MISMATCH', 'old.json: host refhost 0.1.0 has no column of that name in the merged report'),
    );
    const pinned = { ...newerRefhost(), run: { ...newerRefhost().run, protocol: '2026-07-28' } };
    expect(() => withPrevious(report(newerRefhost(), pinned), [report(previous())], ['old.json'])).toThrow(
      /old\.json: host refhost 0\.1\.0 has 2 columns of that name \(one per --protocol\)/,
    );
    expect(() => withPrevious(report(newerRefhost()), [report(previous()), report(previous())], ['a.json', 'b.json'])).toThrow(
      new ReportError('PREVIOUS_MISMATCH', 'b.json: host refhost already has a previous report'),
    );
  });
});
