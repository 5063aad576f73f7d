import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useCommandWorkspace } from '../report/test-fixtures/command-workspace.js';
import { refhostReport } from '../report/test-fixtures/sample-reports.js';
import { runReportReruns } from './report-reruns.js';

const ws = useCommandWorkspace('report-reruns-');

describe('report reruns', () => {
  it('prints each scenario to run again once, sorted, and on stderr the checks that ask for it', () => {
    const report = refhostReport();
    report.hosts[0]!.checks.push({ ...report.hosts[0]!.checks[2]!, id: 'expose-description/second', verdict: 'BLOCKED' });
    const baseline = ws.file('known.json', { host: 'refhost', failures: [{ check: 'discover-once/initialize-before-model', reason: 'r' }] });
    expect(runReportReruns(ws.file('report.json', report), 'refhost', baseline, ws.io)).toBe(0);
    expect(ws.out).toBe('discover-once\nexpose-description\n');
    expect(ws.err).toBe(
      [
        'discover-once/initialize-before-model: PASS, listed in the baseline as a failure',
        'expose-description/origin-first: FAIL, not in the baseline',
        'expose-description/second: BLOCKED, not in the baseline',
        '',
      ].join('\n'),
    );
  });

  it('without a baseline names the scenarios of every failing check', () => {
    expect(runReportReruns(ws.file('report.json', refhostReport()), 'refhost', undefined, ws.io)).toBe(0);
    expect(ws.out).toBe('expose-description\n');
  });

  it('exits 2 naming the baseline file when it is unreadable', () => {
    expect(runReportReruns(ws.file('report.json', refhostReport()), 'refhost', join(ws.dir, 'missing.json'), ws.io)).toBe(2);
    expect(ws.err).toBe(`mcp-host-conformance: ${join(ws.dir, 'missing.json')}: cannot read expected-failures file (ENOENT)\n`);
    expect(ws.out).toBe('');
  });
});
