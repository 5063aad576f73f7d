import { describe, expect, it } from 'vitest';
import type { CheckResult, Report } from './schema.js';
import { baselineFrom } from './expected-failures.js';

const check = (id: string, verdict: CheckResult['verdict']): CheckResult => ({
  id, scenario: id.split('/')[0] ?? id, guarantees: ['NET-2'], level: 'MUST', verdict, expected: 'x', observed: `saw ${id}\nmore`, durationMs: 1, rerun: 'r', evidence: [],
});

function report(checks: CheckResult[]): Report {
  const run = { host: { name: 'codex', version: null, profile: null }, suite: { version: '0', revision: null }, node: 'v20', os: 'linux', startedAt: '', endedAt: '', catalogueRevision: '', command: '', shard: null };
  return { schemaVersion: 1, generatedAt: '', guarantees: [], hosts: [{ run, checks }] } as unknown as Report;
}

describe('baselineFrom', () => {
  it('lists every FAIL, keeps reasons already written and drops checks that no longer fail', () => {
    const next = baselineFrom(report([check('a/one', 'FAIL'), check('b/two', 'FAIL'), check('c/three', 'PASS'), check('d/four', 'NON-STRICT')]), 'codex', {
      host: 'codex',
      failures: [{ check: 'a/one', reason: 'see FINDINGS.md' }, { check: 'c/three', reason: 'fixed since' }],
    });
    expect(next).toEqual({ host: 'codex', failures: [{ check: 'a/one', reason: 'see FINDINGS.md' }, { check: 'b/two', reason: 'NET-2: saw b/two' }] });
  });

  it('keeps a flaky entry whichever way this run went', () => {
    const next = baselineFrom(report([check('a/one', 'PASS'), check('b/two', 'FAIL')]), 'codex', {
      host: 'codex',
      failures: [{ check: 'a/one', reason: 'varies', flaky: 'FAIL in 1 of 3 runs' }, { check: 'b/two', reason: 'known', flaky: 'BLOCKED or FAIL' }],
    });
    expect(next.failures).toEqual([{ check: 'a/one', reason: 'varies', flaky: 'FAIL in 1 of 3 runs' }, { check: 'b/two', reason: 'known', flaky: 'BLOCKED or FAIL' }]);
  });

  it('refuses a report without the named host', () => {
    expect(() => baselineFrom(report([]), 'other', null)).toThrow(/no host "other"/);
  });
});
