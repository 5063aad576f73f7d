import { describe, expect, test } from 'vitest';
import { GUARANTEES } from '../catalogue/guarantees.js';
import { decisiveEvidence, findingsOf, severityCounts } from './findings.js';
import type { CheckResult, Verdict } from './schema.js';
import { checkResult } from './test-fixtures/sample-reports.js';

const catalogue = new Map(GUARANTEES.map((g) => [g.id, g]));

function check(id: string, guarantees: string[], verdict: Verdict = 'FAIL', excerpt = `seen in ${id}`): CheckResult {
  return checkResult(id, guarantees, verdict, {
    observed: `observed ${id}`,
    evidence: [{ kind: 'note', source: 'source', excerpt }],
    rerun: `npx mcp-host-conformance run --scenario ${id.split('/')[0]}`,
  });
}

describe('findings: failures by root cause', () => {
  test('checks that break the same primary guarantee are one finding, across scenarios', () => {
    const found = findingsOf([check('redirect-a/one', ['NET-2']), check('redirect-b/two', ['NET-2']), check('other/x', ['EXPOSE-4'])], catalogue);
    expect(found.map((f) => f.checks.map((c) => c.id))).toEqual([['redirect-a/one', 'redirect-b/two'], ['other/x']]);
  });

  test('checks of one scenario resting on the same evidence are one finding; the same evidence in another scenario is not', () => {
    const same = 'output of call 3: read as completed';
    const found = findingsOf(
      [
        check('timeout/told-unknown', ['RESULT-4'], 'FAIL', same),
        check('timeout/may-have-acted', ['RESULT-9'], 'FAIL', same),
        check('drop/may-have-acted-x', ['RESULT-5'], 'FAIL', same),
      ],
      catalogue,
    );
    expect(found.map((f) => f.checks.map((c) => c.id).sort())).toEqual([['timeout/may-have-acted', 'timeout/told-unknown'], ['drop/may-have-acted-x']]);
  });

  test('gravest first: security before data loss before the contract, and SHOULD misses after every FAIL', () => {
    const found = findingsOf(
      [
        check('limit/cap', ['LIMIT-2']),
        check('status/lines', ['DISCOVER-3'], 'NON-STRICT'),
        check('unknown/resent', ['UNKNOWN-1']),
        check('redirect/one', ['NET-2']),
      ],
      catalogue,
    );
    expect(found.map((f) => [f.severity, f.tier, f.checks[0]?.id])).toEqual([
      ['security', 'safety', 'redirect/one'],
      ['data-loss', 'safety', 'unknown/resent'],
      ['contract-difference', 'contract', 'limit/cap'],
      ['interoperability', 'spec-should', 'status/lines'],
    ]);
    expect(severityCounts(found)).toBe('1 security · 1 data-loss · 1 interoperability · 1 contract-difference');
  });

  test("only FAIL and NON-STRICT are findings; a finding reproduces with its first check's command", () => {
    const found = findingsOf([check('a/blocked', ['NET-2'], 'BLOCKED'), check('a/pass', ['NET-2'], 'PASS'), check('b/fail', ['NET-2'])], catalogue);
    expect(found).toHaveLength(1);
    expect(found[0]?.repro).toBe('npx mcp-host-conformance run --scenario b');
    expect(found[0]?.title).toBe(catalogue.get('NET-2')?.text);
  });

  test('the decisive evidence line is the one naming what was observed, in any evidence, else the first line', () => {
    const evidence = [
      { kind: 'note' as const, source: 'screen', excerpt: 'banner\nWall time: 0.1 s' },
      { kind: 'note' as const, source: 'journal', excerpt: 'initialize\ntools/call "secret-token-1"\nshutdown' },
    ];
    expect(decisiveEvidence(evidence, 'leaked "secret-token-1" to the server')).toEqual({ source: 'journal', line: 'tools/call "secret-token-1"' });
    expect(decisiveEvidence(evidence, 'nothing matches')).toEqual({ source: 'screen', line: 'banner' });
    expect(decisiveEvidence([], 'x')).toBeNull();
  });
});
