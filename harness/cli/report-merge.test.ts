import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReportFile } from '../report/report-file.js';
import { guaranteeById } from '../catalogue/guarantees.js';
import { checkResult, hostRun, otherHostRun, refhostReport, refhostShards, report } from '../report/test-fixtures/sample-reports.js';
import { runReportMerge } from './report-merge.js';
import { useCommandWorkspace } from '../report/test-fixtures/command-workspace.js';

const ws = useCommandWorkspace('report-merge-');

describe('report merge', () => {
  it('merges shards and another host into one matrix written in all four formats', () => {
    const [a, b] = refhostShards();
    const files = [ws.file('a.json', a), ws.file('b.json', b), ws.file('codex.json', report(otherHostRun()))];
    expect(runReportMerge(files, join(ws.dir, 'merged'), ws.io)).toBe(0);
    for (const name of ['report.json', 'junit.xml', 'report.md', 'index.html']) expect(existsSync(join(ws.dir, 'merged', name))).toBe(true);
    expect(readReportFile(join(ws.dir, 'merged', 'report.json')).hosts.map((h) => [h.run.host.name, h.checks.length])).toEqual([
      ['refhost', 7],
      ['codex', 7],
    ]);
    expect(ws.out).toContain('refhost 0.1.0: 1 FAIL · 1 HARNESS-ERROR · 1 NON-STRICT · 1 UNSUPPORTED · 1 INFO · 2 PASS (spec and safety: ');
    expect(ws.err).toBe('');
  });

  it('combines a rerun with --again: a check whose verdict differed is FLAKY in all four formats, and named', () => {
    const first = ws.file('first.json', refhostReport());
    const again = report(hostRun('refhost', '0.1.0', [checkResult('expose-description/origin-first', ['EXPOSE-5'], 'PASS')]));
    expect(runReportMerge([first], join(ws.dir, 'both'), ws.io, { again: ws.file('again.json', again) })).toBe(0);
    const combined = readReportFile(join(ws.dir, 'both', 'report.json')).hosts[0]!.checks.find((c) => c.id === 'expose-description/origin-first');
    expect(combined?.runs?.map((r) => r.verdict)).toEqual(['FAIL', 'PASS']);
    expect(readFileSync(join(ws.dir, 'both', 'report.md'), 'utf8')).toContain('#### 🔁 FLAKY expose-description/origin-first');
    expect(readFileSync(join(ws.dir, 'both', 'junit.xml'), 'utf8')).toContain(
      '<skipped message="FAIL then PASS: the verdict differed between runs of the scenario"/>',
    );
    expect(ws.out).toContain('refhost 0.1.0: 1 FLAKY · 1 HARNESS-ERROR · 1 NON-STRICT · 1 UNSUPPORTED · 1 INFO · 2 PASS (');
    expect(ws.out).toContain('\n  FLAKY expose-description/origin-first: FAIL then PASS\n');
  });

  it('refuses with --again a rerun of a check the first report does not hold: one line, exit 2', () => {
    const again = ws.file('again.json', report(hostRun('refhost', '0.1.0', [checkResult('other/check', ['EXPOSE-5'], 'PASS')])));
    expect(runReportMerge([ws.file('first.json', refhostReport())], join(ws.dir, 'both'), ws.io, { again })).toBe(2);
    expect(ws.err).toBe(`mcp-host-conformance: ${again}: check other/check of refhost 0.1.0 is not in the first report (a rerun repeats its scenarios)\n`);
  });

  it("shows each host's fixed and regressed checks since its previous report with --previous, in every format and on stdout", () => {
    const older = refhostReport();
    older.hosts[0]!.run.host.version = '0.0.9';
    const before: Record<string, 'FAIL' | 'PASS'> = { 'discover-once/initialize-before-model': 'FAIL', 'expose-description/origin-first': 'PASS' };
    older.hosts[0]!.checks = older.hosts[0]!.checks.map((c) => ({ ...c, verdict: before[c.id] ?? c.verdict }));
    const files = [ws.file('refhost.json', refhostReport()), ws.file('codex.json', report(otherHostRun()))];
    expect(runReportMerge(files, join(ws.dir, 'matrix'), ws.io, { previous: [ws.file('old.json', older)] })).toBe(0);
    const merged = readReportFile(join(ws.dir, 'matrix', 'report.json'));
    expect(merged.hosts[0]?.sincePrevious?.fixed).toEqual([{ check: 'discover-once/initialize-before-model', from: 'FAIL', to: 'PASS' }]);
    const md = readFileSync(join(ws.dir, 'matrix', 'report.md'), 'utf8');
    expect(md).toContain("### Since each host's previous report");
    expect(md).toContain('| refhost 0.1.0 | 0.0.9, run of 2026-01-10 | 1 | 1 | 0 | 0 | 0 | 5 |');
    expect(md).toContain(
      '- **refhost 0.1.0:** regressed expose-description/origin-first (PASS -&gt; FAIL); fixed discover-once/initialize-before-model (FAIL -&gt; PASS)',
    );
    expect(readFileSync(join(ws.dir, 'matrix', 'index.html'), 'utf8')).toContain(
      '<details class="meta" id="since-previous"><summary>Since each host&#39;s previous report: refhost 1 fixed, 1 regressed</summary>',
    );
    expect(ws.out).toContain('refhost 0.1.0: 1 FAIL · 1 HARNESS-ERROR · 1 NON-STRICT · 1 UNSUPPORTED · 1 INFO · 2 PASS (');
    expect(ws.out).toContain('\n  since 0.0.9 (run of 2026-01-10): 1 fixed · 1 regressed · 0 changed (not graded) · 5 unchanged\n');
  });

  it('refuses a previous report of a host the merge does not hold: one line, exit 2, nothing written', () => {
    const old = ws.file('old.json', report(otherHostRun()));
    expect(runReportMerge([ws.file('refhost.json', refhostReport())], join(ws.dir, 'matrix'), ws.io, { previous: [old] })).toBe(2);
    expect(ws.err).toBe(`mcp-host-conformance: ${old}: host codex 0.9.1 has no column of that name in the merged report\n`);
    expect(existsSync(join(ws.dir, 'matrix'))).toBe(false);
  });

  it('names the bad file and the zod path, exits 2 and writes nothing', () => {
    const [a] = refhostShards();
    const broken = structuredClone(a) as unknown as { hosts: { run: { host: { name: unknown } } }[] };
    broken.hosts[0]!.run.host.name = 42;
    const bad = ws.file('bad.json', broken);
    expect(runReportMerge([ws.file('a.json', a), bad], join(ws.dir, 'merged'), ws.io)).toBe(2);
    expect(ws.err).toBe(
      `mcp-host-conformance: ${bad}: not a valid conformance report:\n  hosts[0].run.host.name: Invalid input: expected string, received number\n`,
    );
    expect(existsSync(join(ws.dir, 'merged'))).toBe(false);
  });

  it('refuses an output folder it cannot create at once (/proc/x), exit 2', () => {
    const [a] = refhostShards();
    expect(runReportMerge([ws.file('a.json', a)], '/proc/x', ws.io)).toBe(2);
    expect(ws.err).toBe('mcp-host-conformance: /proc/x: cannot write reports there (ENOENT)\n');
  });

  it('reports a check present in two shards as a clear error naming both files', () => {
    const [a] = refhostShards();
    const one = ws.file('one.json', a);
    const two = ws.file('two.json', a);
    expect(runReportMerge([one, two], join(ws.dir, 'merged'), ws.io)).toBe(2);
    expect(ws.err).toBe(`mcp-host-conformance: check discover-once/initialize-before-model for host refhost appears in both ${one} and ${two}\n`);
  });

  it('narrows one report to the checks of guarantees the specification asks, saying how many it kept', () => {
    const [a] = refhostShards();
    const file = ws.file('a.json', a);
    expect(runReportMerge([file], join(ws.dir, 'spec'), ws.io, { requiredBy: 'spec' })).toBe(0);
    const narrowed = readReportFile(join(ws.dir, 'spec', 'report.json'));
    expect(narrowed.hosts[0]?.run.requiredBy).toBe('spec');
    expect(narrowed.hosts[0]?.checks.every((c) => ['DISCOVER-3', 'APPROVE-1', 'RESOURCE-1', 'TELEMETRY-1'].includes(c.guarantees[0] ?? ''))).toBe(true);
    expect(ws.out).toMatch(/^--required-by spec: kept \d+ of \d+ checks \(\d+ guarantees had no sources in the report; the current catalogue's were used\)\n/);
    expect(ws.err).toBe('');
  });

  it('refuses to narrow to nothing: one line, exit 2, nothing written', () => {
    const [a] = refhostShards();
    const file = ws.file('a.json', a);
    expect(runReportMerge([file], join(ws.dir, 'must'), ws.io, { requiredBy: 'spec-must' })).toBe(2);
    expect(ws.err).toMatch(/^mcp-host-conformance: --required-by spec-must: none of the \d+ checks observes a guarantee the specification asks\n$/);
    expect(existsSync(join(ws.dir, 'must'))).toBe(false);
  });

  it('narrows by tier, records the tiers kept, and refuses a narrowing that keeps nothing', () => {
    const [a] = refhostShards();
    const file = ws.file('a.json', a);
    expect(runReportMerge([file], join(ws.dir, 'contract'), ws.io, { tiers: ['contract'] })).toBe(0);
    const narrowed = readReportFile(join(ws.dir, 'contract', 'report.json'));
    expect(narrowed.hosts[0]?.run.tiers).toEqual(['contract']);
    expect(narrowed.hosts[0]?.checks.length).toBeGreaterThan(0);
    expect(narrowed.hosts[0]?.checks.every((c) => c.guarantees.every((id) => guaranteeById(id)?.tier === 'contract'))).toBe(true);
    expect(ws.out).toMatch(/^--tier contract: kept \d+ of \d+ checks/);
    expect(runReportMerge([file], join(ws.dir, 'none'), ws.io, { requiredBy: 'spec-must', tiers: ['contract'] })).toBe(2);
    expect(ws.err).toMatch(
      /--required-by spec-must --tier contract: none of the \d+ checks observes a guarantee the specification asks and is of tier contract\n$/,
    );
  });
});
