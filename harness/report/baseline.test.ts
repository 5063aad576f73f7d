import { describe, expect, it } from 'vitest';
import type { CheckResult, Report, RunVerdict } from './schema.js';
import { baselineFrom } from './expected-failures.js';

const check = (id: string, verdict: CheckResult['verdict']): CheckResult => ({
  id,
  scenario: id.split('/')[0] ?? id,
  guarantees: ['NET-2'],
  level: 'MUST',
  verdict,
  expected: 'x',
  observed: `saw ${id}\nmore`,
  durationMs: 1,
  rerun: 'r',
  evidence: [],
});

function report(checks: CheckResult[]): Report {
  const run = {
    host: { name: 'codex', version: null, profile: null },
    suite: { version: '0', revision: null },
    node: 'v20',
    os: 'linux',
    startedAt: '',
    endedAt: '',
    catalogueRevision: '',
    command: '',
    shard: null,
  };
  return { schemaVersion: 1, generatedAt: '', guarantees: [], hosts: [{ run, checks }] } as unknown as Report;
}

describe('baselineFrom', () => {
  it('lists every FAIL, keeps reasons already written and drops checks that no longer fail', () => {
    const next = baselineFrom(report([check('a/one', 'FAIL'), check('b/two', 'FAIL'), check('c/three', 'PASS'), check('d/four', 'NON-STRICT')]), 'codex', {
      host: 'codex',
      failures: [
        { check: 'a/one', reason: 'see FINDINGS.md' },
        { check: 'c/three', reason: 'fixed since' },
      ],
    });
    expect(next).toEqual({
      host: 'codex',
      failures: [
        { check: 'a/one', reason: 'see FINDINGS.md' },
        { check: 'b/two', reason: 'NET-2: saw b/two' },
      ],
    });
  });

  it('keeps a flaky entry whichever way this run went', () => {
    const next = baselineFrom(report([check('a/one', 'PASS'), check('b/two', 'FAIL')]), 'codex', {
      host: 'codex',
      failures: [
        { check: 'a/one', reason: 'varies', flaky: 'FAIL in 1 of 3 runs' },
        { check: 'b/two', reason: 'known', flaky: 'BLOCKED or FAIL' },
      ],
    });
    expect(next.failures).toEqual([
      { check: 'a/one', reason: 'varies', flaky: 'FAIL in 1 of 3 runs' },
      { check: 'b/two', reason: 'known', flaky: 'BLOCKED or FAIL' },
    ]);
  });

  it('writes a check whose verdict differed between runs as flaky naming its outcomes, never as a plain failure', () => {
    const flaky = (id: string, ...verdicts: RunVerdict[]): CheckResult => ({
      ...check(id, 'FLAKY'),
      observed: `${verdicts.join(' then ')}: differed`,
      runs: verdicts.map((verdict) => ({ verdict, observed: `${verdict} in ${id}\nmore`, durationMs: 1, evidence: [] })),
    });
    const next = baselineFrom(report([flaky('a/one', 'FAIL', 'PASS'), flaky('b/two', 'PASS', 'BLOCKED'), check('c/three', 'FAIL')]), 'codex', null);
    expect(next.failures).toEqual([
      { check: 'a/one', reason: 'NET-2: FAIL in a/one', flaky: 'FAIL then PASS' },
      { check: 'b/two', reason: 'NET-2: BLOCKED in b/two', flaky: 'PASS then BLOCKED' },
      { check: 'c/three', reason: 'NET-2: saw c/three' },
    ]);
  });

  it('keeps the reason of a listed failure that turned out flaky, and leaves out a check that passed in every run', () => {
    const flaky = (id: string, first: RunVerdict): CheckResult => ({
      ...check(id, 'FLAKY'),
      runs: [
        { verdict: first, observed: 'x', durationMs: 1, evidence: [] },
        { verdict: 'PASS', observed: 'y', durationMs: 1, evidence: [] },
      ],
    });
    const next = baselineFrom(report([flaky('a/one', 'FAIL'), flaky('b/two', 'NON-STRICT')]), 'codex', {
      host: 'codex',
      failures: [{ check: 'a/one', reason: 'see FINDINGS.md' }],
    });
    expect(next.failures).toEqual([{ check: 'a/one', reason: 'see FINDINGS.md', flaky: 'FAIL then PASS' }]);
  });

  it('refuses a report without the named host', () => {
    expect(() => baselineFrom(report([]), 'other', null)).toThrow(/no host "other"/);
  });
});
