import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useCommandWorkspace } from '../report/test-fixtures/command-workspace.js';
import { refhostReport } from '../report/test-fixtures/sample-reports.js';
import { runReportBaseline } from './report-baseline.js';

const ws = useCommandWorkspace('report-baseline-');

describe('report baseline', () => {
  it("writes the host's failures and keeps a reason already in the file", () => {
    const report = refhostReport();
    const failing = report.hosts[0]!.checks.filter((c) => c.verdict === 'FAIL').map((c) => c.id);
    const out = join(ws.dir, 'known.json');
    ws.file('known.json', { host: 'refhost', failures: [{ check: failing[0], reason: 'explained by a person' }] });
    expect(runReportBaseline(ws.file('report.json', report), 'refhost', out, ws.io)).toBe(0);
    const written = JSON.parse(readFileSync(out, 'utf8')) as { failures: { check: string; reason: string }[] };
    expect(written.failures.map((f) => f.check)).toEqual(failing);
    expect(written.failures[0]!.reason).toBe('explained by a person');
    expect(ws.out).toBe(`${out}: ${failing.length} expected failure(s) of refhost\n`);
  });

  it("reads and writes a .yaml baseline in the official suite's format, keeping a reason written as a comment", () => {
    const report = refhostReport();
    const failing = report.hosts[0]!.checks.filter((c) => c.verdict === 'FAIL').map((c) => c.id);
    const out = join(ws.dir, 'conformance-baseline.yaml');
    writeFileSync(out, `client:\n  - ${failing[0]!.replace('/', ':')} # explained by a person\n`);
    expect(runReportBaseline(ws.file('report.json', report), 'refhost', out, ws.io)).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain(`client:\n  - ${failing[0]!.replace('/', ':')} # explained by a person\n`);
  });

  it('exits 2 naming the file when the report is unreadable', () => {
    expect(runReportBaseline(join(ws.dir, 'missing.json'), 'refhost', join(ws.dir, 'known.json'), ws.io)).toBe(2);
    expect(ws.err).toContain('missing.json');
  });

  it('exits 2 with one line when the baseline cannot be written (its folder is missing)', () => {
    const out = join(ws.dir, 'no-such-folder', 'known.json');
    expect(runReportBaseline(ws.file('report.json', refhostReport()), 'refhost', out, ws.io)).toBe(2);
    expect(ws.err).toBe(`mcp-host-conformance: ${out}: cannot write it (ENOENT)\n`);
  });
});
