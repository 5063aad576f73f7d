import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readReportFile } from './report-file.js';
import { ReportSchema } from './schema.js';
import { HOSTILE, otherHostRun, refhostReport, report } from './test-fixtures/sample-reports.js';
import { writeReports } from './write-reports.js';
import { ReportError } from './report-error.js';

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

describe('writeReports', () => {
  it('writes report.json, junit.xml, report.md and index.html into the directory', () => {
    dir = mkdtempSync(join(tmpdir(), 'reports-'));
    const paths = writeReports(refhostReport(), join(dir, 'refhost'));
    expect(paths).toEqual({
      json: join(dir, 'refhost', 'report.json'),
      junit: join(dir, 'refhost', 'junit.xml'),
      markdown: join(dir, 'refhost', 'report.md'),
      html: join(dir, 'refhost', 'index.html'),
    });
    for (const file of Object.values(paths)) expect(readFileSync(file, 'utf8').length).toBeGreaterThan(100);
  });

  it("links the host's FINDINGS.md from index.html when one sits in the folder, and from a matrix beside the host folders", () => {
    dir = mkdtempSync(join(tmpdir(), 'reports-'));
    writeReports(refhostReport(), join(dir, 'refhost'));
    expect(readFileSync(join(dir, 'refhost', 'index.html'), 'utf8')).not.toContain('FINDINGS.md');
    writeFileSync(join(dir, 'refhost', 'FINDINGS.md'), '# refhost\n');
    writeReports(refhostReport(), join(dir, 'refhost'));
    expect(readFileSync(join(dir, 'refhost', 'index.html'), 'utf8')).toContain('<a href="FINDINGS.md">');
    writeReports(report(refhostReport().hosts[0]!, otherHostRun()), join(dir, 'matrix'));
    const matrix = readFileSync(join(dir, 'matrix', 'index.html'), 'utf8');
    expect(matrix).toContain('<a href="../refhost/FINDINGS.md">');
    expect(matrix).not.toContain('../codex/FINDINGS.md');
  });

  it('writes a report.json that is schema-valid and reads back unchanged, hostile strings included', () => {
    dir = mkdtempSync(join(tmpdir(), 'reports-'));
    const paths = writeReports(refhostReport(), dir);
    const back = readReportFile(paths.json);
    expect(ReportSchema.safeParse(JSON.parse(readFileSync(paths.json, 'utf8'))).success).toBe(true);
    expect(back).toEqual(refhostReport());
    expect(JSON.stringify(back)).toContain(JSON.stringify(HOSTILE.lineSep).slice(1, -1));
  });

  it('refuses to write a report that does not match the schema and names the field', () => {
    dir = mkdtempSync(join(tmpdir(), 'reports-'));
    const bad = refhostReport();
    (bad.hosts[0]!.checks[0] as { verdict: string }).verdict = 'GREAT';
    expect(() => writeReports(bad, dir)).toThrow(ReportError);
    expect(() => writeReports(bad, dir)).toThrow(/hosts\[0\]\.checks\[0\]\.verdict/);
  });
});
