import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyExpectedFailures, checksToReproduce, readExpectedFailures, type ExpectedFailures } from './expected-failures.js';
import { ReportError } from './report-error.js';
import { refhostReport } from './test-fixtures/sample-reports.js';

const FAILING = 'expose-description/origin-first';
const PASSING = 'approve-deny/no-bytes-before-yes';

function baseline(...checks: string[]): ExpectedFailures {
  return { host: 'refhost', failures: checks.map((check) => ({ check, reason: `known: ${check}` })) };
}

describe('applyExpectedFailures (the four-way rule)', () => {
  it('failing and listed is ok: the failure is expected', () => {
    const outcome = applyExpectedFailures(refhostReport(), baseline(FAILING));
    expect(outcome.ok).toBe(true);
    expect(outcome.expected).toEqual([{ check: FAILING, verdict: 'FAIL', reason: `known: ${FAILING}` }]);
  });

  it('failing and unlisted is not ok: the failure is unexpected', () => {
    const outcome = applyExpectedFailures(refhostReport(), baseline());
    expect(outcome.ok).toBe(false);
    expect(outcome.unexpected).toEqual([{ check: FAILING, verdict: 'FAIL', reason: null }]);
  });

  it('passing and listed is not ok: the entry is stale', () => {
    const outcome = applyExpectedFailures(refhostReport(), baseline(FAILING, PASSING));
    expect(outcome.ok).toBe(false);
    expect(outcome.stale).toEqual([{ check: PASSING, verdict: 'PASS', reason: `known: ${PASSING}` }]);
  });

  it('an entry seen to vary between runs (flaky) is tolerated passing or failing, and said apart', () => {
    const flaky = (check: string): ExpectedFailures => ({
      host: 'refhost',
      failures: [
        { check: FAILING, reason: 'r' },
        { check, reason: 'r', flaky: 'BLOCKED in 5 of 6 runs, PASS in 1' },
      ],
    });
    const passing = applyExpectedFailures(refhostReport(), flaky(PASSING));
    expect(passing).toMatchObject({ ok: true, stale: [], flaky: [{ check: PASSING, verdict: 'PASS' }] });
    const failing = applyExpectedFailures(refhostReport(), { host: 'refhost', failures: [{ check: FAILING, reason: 'r', flaky: 'FAIL or PASS' }] });
    expect(failing).toMatchObject({ ok: true, expected: [{ check: FAILING }], flaky: [] });
  });

  it('passing and unlisted is ok', () => {
    const report = refhostReport();
    report.hosts[0]!.checks = report.hosts[0]!.checks.filter((c) => c.verdict !== 'FAIL');
    expect(applyExpectedFailures(report, baseline())).toEqual({ ok: true, expected: [], unexpected: [], stale: [], undetermined: [], flaky: [] });
  });

  it('treats a listed check that did not run or could not be judged as undetermined, not stale', () => {
    const outcome = applyExpectedFailures(refhostReport(), baseline(FAILING, 'net-redirect/no-follow', 'not/run'));
    expect(outcome.ok).toBe(true);
    expect(outcome.undetermined.map((e) => [e.check, e.verdict])).toEqual([
      ['net-redirect/no-follow', 'HARNESS-ERROR'],
      ['not/run', null],
    ]);
  });

  it('refuses a baseline written for another host', () => {
    expect(() => applyExpectedFailures(refhostReport(), { host: 'codex', failures: [] })).toThrow(
      new ReportError('BASELINE_HOST_MISMATCH', 'expected failures are for host "codex" but the report holds refhost'),
    );
  });
});

describe('checksToReproduce (before a baseline is rewritten)', () => {
  const HARNESS_ERROR = 'net-redirect/no-follow';
  const ids = (checks: { id: string }[]): string[] => checks.map((c) => c.id);

  it('asks again for a failing check the baseline does not list and a listed check that passed', () => {
    expect(ids(checksToReproduce(refhostReport(), 'refhost', baseline(PASSING)))).toEqual([FAILING, PASSING]);
  });

  it('asks nothing for a listed failure, a flaky entry either way, or a check that could not be judged', () => {
    const listed = {
      host: 'refhost',
      failures: [
        { check: FAILING, reason: 'r' },
        { check: PASSING, reason: 'r', flaky: 'FAIL then PASS' },
        { check: HARNESS_ERROR, reason: 'r' },
      ],
    };
    expect(checksToReproduce(refhostReport(), 'refhost', listed)).toEqual([]);
  });

  it('without a baseline asks again for every failing check, and refuses a baseline of another host', () => {
    expect(ids(checksToReproduce(refhostReport(), 'refhost', null))).toEqual([FAILING]);
    expect(() => checksToReproduce(refhostReport(), 'refhost', { host: 'codex', failures: [] })).toThrow(
      'the expected-failures file is for host "codex", not "refhost"',
    );
  });
});

describe('readExpectedFailures', () => {
  let dir = '';
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('reads a valid file and names the file and field of an invalid one', () => {
    dir = mkdtempSync(join(tmpdir(), 'xfail-'));
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify(baseline(FAILING)));
    expect(readExpectedFailures(good)).toEqual(baseline(FAILING));
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ host: 'refhost', failures: [{ check: FAILING }] }));
    expect(() => readExpectedFailures(bad)).toThrow(ReportError);
    expect(() => readExpectedFailures(bad)).toThrow(`${bad}: not a valid expected-failures file:\n  failures[0].reason:`);
  });

  it('refuses fields it does not know, at the top and in an entry', () => {
    dir = mkdtempSync(join(tmpdir(), 'xfail-'));
    const extra = join(dir, 'extra.json');
    writeFileSync(extra, JSON.stringify({ host: 'refhost', hots: 'x', failures: [{ check: FAILING, reason: 'r', reasons: 'typo' }] }));
    expect(() => readExpectedFailures(extra)).toThrow(
      `${extra}: not a valid expected-failures file:\n  failures[0]: Unrecognized key: "reasons"\n  (root): Unrecognized key: "hots"`,
    );
  });
});
