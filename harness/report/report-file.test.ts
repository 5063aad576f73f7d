import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ReportError } from './report-error.js';
import { readReportFile } from './report-file.js';
import { refhostReport } from './test-fixtures/sample-reports.js';

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

function file(name: string, text: string): string {
  dir ||= mkdtempSync(join(tmpdir(), 'report-file-'));
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

function errorOf(fn: () => unknown): ReportError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ReportError) return error;
    throw error;
  }
  throw new Error('expected a ReportError');
}

describe('readReportFile', () => {
  it('reads a valid report', () => {
    expect(readReportFile(file('ok.json', JSON.stringify(refhostReport())))).toEqual(refhostReport());
  });

  it('names the file when it is missing', () => {
    const error = errorOf(() => readReportFile('/nonexistent/report.json'));
    expect(error.code).toBe('FILE_UNREADABLE');
    expect(error.message).toBe('/nonexistent/report.json: cannot read conformance report (ENOENT)');
  });

  it('names the file when it is not JSON', () => {
    const path = file('broken.json', '{"schemaVersion": 1,');
    const error = errorOf(() => readReportFile(path));
    expect(error.code).toBe('FILE_NOT_JSON');
    expect(error.message).toMatch(new RegExp(`^${path}: not valid JSON`));
  });

  it('names the file and the zod path of each invalid field', () => {
    const bad = refhostReport() as unknown as { hosts: { checks: Record<string, unknown>[] }[] };
    bad.hosts[0]!.checks[2]!.verdict = 'GREAT';
    delete bad.hosts[0]!.checks[3]!.rerun;
    const path = file('bad.json', JSON.stringify(bad));
    const error = errorOf(() => readReportFile(path));
    expect(error.code).toBe('FILE_INVALID');
    expect(error.message).toContain(`${path}: not a valid conformance report:`);
    expect(error.message).toContain('hosts[0].checks[2].verdict:');
    expect(error.message).toContain('hosts[0].checks[3].rerun:');
  });
});
