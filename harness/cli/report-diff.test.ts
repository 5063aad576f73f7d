import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refhostReport } from '../report/test-fixtures/sample-reports.js';
import { runReportDiff } from './report-diff.js';

let dir = '';
let out = '';
let err = '';
const io = { stdout: (t: string) => void (out += t), stderr: (t: string) => void (err += t) };

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'report-diff-'));
  out = '';
  err = '';
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, value: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
}

describe('report diff', () => {
  it('exits 0 and prints the summary when nothing regressed', () => {
    const old = file('old.json', refhostReport());
    const improved = refhostReport();
    improved.hosts[0]!.checks[2]!.verdict = 'PASS';
    expect(runReportDiff(old, file('new.json', improved), io)).toBe(0);
    expect(out).toContain('Improvements (1):\n  refhost  expose-description/origin-first  FAIL -> PASS\n');
  });

  it('exits 1 and lists the regressions by host and check', () => {
    const worse = refhostReport();
    worse.hosts[0]!.checks[0]!.verdict = 'FAIL';
    expect(runReportDiff(file('old.json', refhostReport()), file('new.json', worse), io)).toBe(1);
    expect(out.startsWith('Regressions (1):\n  refhost  discover-once/initialize-before-model  PASS -> FAIL\n')).toBe(true);
  });

  it('exits 2 with a one-line error naming a file that is not JSON', () => {
    const bad = file('new.json', '<html>');
    expect(runReportDiff(file('old.json', refhostReport()), bad, io)).toBe(2);
    expect(err).toMatch(new RegExp(`^mcp-host-conformance: ${bad}: not valid JSON \\(.*\\)\\n$`));
    expect(out).toBe('');
  });
});
