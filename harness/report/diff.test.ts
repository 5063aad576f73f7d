import { describe, expect, it } from 'vitest';
import { diffReports, formatDiff } from './diff.js';
import { ReportError } from './report-error.js';
import type { Report, Verdict } from './schema.js';
import { otherHostRun, refhostReport, report } from './test-fixtures/sample-reports.js';

function withVerdict(base: Report, id: string, verdict: Verdict): Report {
  const copy = structuredClone(base);
  const check = copy.hosts[0]!.checks.find((c) => c.id === id);
  if (!check) throw new Error(`no check ${id}`);
  check.verdict = verdict;
  return copy;
}

describe('diffReports', () => {
  it('finds nothing between a report and itself', () => {
    const diff = diffReports(refhostReport(), refhostReport());
    expect(diff).toEqual({ regressions: [], improvements: [], changed: [], added: [], removed: [], unchanged: 7 });
  });

  it('reports PASS -> FAIL and NON-STRICT -> FAIL as regressions and FAIL -> PASS as an improvement, by check and host', () => {
    let next = withVerdict(refhostReport(), 'discover-once/initialize-before-model', 'FAIL');
    next = withVerdict(next, 'discover-once/status-lines', 'FAIL');
    next = withVerdict(next, 'expose-description/origin-first', 'PASS');
    const diff = diffReports(refhostReport(), next);
    expect(diff.regressions).toEqual([
      { host: 'refhost', check: 'discover-once/initialize-before-model', old: 'PASS', new: 'FAIL' },
      { host: 'refhost', check: 'discover-once/status-lines', old: 'NON-STRICT', new: 'FAIL' },
    ]);
    expect(diff.improvements).toEqual([{ host: 'refhost', check: 'expose-description/origin-first', old: 'FAIL', new: 'PASS' }]);
    expect(diff.unchanged).toBe(4);
  });

  it('lists moves to or from ungraded verdicts as changed, and new or vanished checks apart', () => {
    const next = withVerdict(refhostReport(), 'approve-deny/no-bytes-before-yes', 'HARNESS-ERROR');
    next.hosts[0]!.checks = next.hosts[0]!.checks.filter((c) => c.id !== 'telemetry/attributable');
    next.hosts[0]!.checks.push({ ...next.hosts[0]!.checks[0]!, id: 'new/check' });
    const diff = diffReports(refhostReport(), next);
    expect(diff.changed).toEqual([{ host: 'refhost', check: 'approve-deny/no-bytes-before-yes', old: 'PASS', new: 'HARNESS-ERROR' }]);
    expect(diff.removed.map((e) => e.check)).toEqual(['telemetry/attributable']);
    expect(diff.added.map((e) => e.check)).toEqual(['new/check']);
    expect(diff.regressions).toEqual([]);
  });

  it('pairs hosts by name, so a new host version is compared with the old one', () => {
    const next = withVerdict(refhostReport(), 'approve-deny/no-bytes-before-yes', 'FAIL');
    next.hosts[0]!.run.host.version = '0.2.0';
    expect(diffReports(refhostReport(), next).regressions).toHaveLength(1);
  });

  it('refuses a report holding the same host name twice', () => {
    const twice = report(refhostReport().hosts[0]!, {
      ...refhostReport().hosts[0]!,
      run: { ...refhostReport().hosts[0]!.run, host: { name: 'refhost', version: '9', profile: null, declaredAbsent: [] } },
    });
    expect(() => diffReports(twice, refhostReport())).toThrow(ReportError);
  });

  it('prints regressions first and a one-line summary', () => {
    const next = report(refhostReport().hosts[0]!, otherHostRun());
    const text = formatDiff(diffReports(report(refhostReport().hosts[0]!), withVerdict(next, 'discover-once/initialize-before-model', 'FAIL')));
    expect(text.split('\n')[0]).toBe('Regressions (1):');
    expect(text).toContain('  refhost  discover-once/initialize-before-model  PASS -> FAIL');
    expect(text.split('\n').at(-1)).toBe('1 regressions, 0 improvements, 0 changed, 7 added, 0 removed, 6 unchanged');
  });
});
