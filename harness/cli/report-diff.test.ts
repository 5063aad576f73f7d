import { describe, expect, it } from 'vitest';
import { refhostReport } from '../report/test-fixtures/sample-reports.js';
import { runReportDiff } from './report-diff.js';
import { useCommandWorkspace } from '../report/test-fixtures/command-workspace.js';

const ws = useCommandWorkspace('report-diff-');

describe('report diff', () => {
  it('exits 0 and prints the summary when nothing regressed', () => {
    const old = ws.file('old.json', refhostReport());
    const improved = refhostReport();
    improved.hosts[0]!.checks[2]!.verdict = 'PASS';
    expect(runReportDiff(old, ws.file('new.json', improved), ws.io)).toBe(0);
    expect(ws.out).toContain('Improvements (1):\n  refhost  expose-description/origin-first  FAIL -> PASS\n');
  });

  it('exits 1 and lists the regressions by host and check', () => {
    const worse = refhostReport();
    worse.hosts[0]!.checks[0]!.verdict = 'FAIL';
    expect(runReportDiff(ws.file('old.json', refhostReport()), ws.file('new.json', worse), ws.io)).toBe(1);
    expect(ws.out.startsWith('Regressions (1):\n  refhost  discover-once/initialize-before-model  PASS -> FAIL\n')).toBe(true);
  });

  it('exits 2 with a one-line error naming a file that is not JSON', () => {
    const bad = ws.file('new.json', '<html>');
    expect(runReportDiff(ws.file('old.json', refhostReport()), bad, ws.io)).toBe(2);
    expect(ws.err).toMatch(new RegExp(`^mcp-host-conformance: ${bad}: not valid JSON \\(.*\\)\\n$`));
    expect(ws.out).toBe('');
  });
});
