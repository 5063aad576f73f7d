import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readReportFile } from '../report/report-file.js';
import { otherHostRun, refhostShards, report } from '../report/test-fixtures/sample-reports.js';
import { runReportMerge } from './report-merge.js';

let dir = '';
let out = '';
let err = '';
const io = { stdout: (t: string) => void (out += t), stderr: (t: string) => void (err += t) };

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'report-merge-'));
  out = '';
  err = '';
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, value: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
}

describe('report merge', () => {
  it('merges shards and another host into one matrix written in all four formats', () => {
    const [a, b] = refhostShards();
    const files = [file('a.json', a), file('b.json', b), file('codex.json', report(otherHostRun()))];
    expect(runReportMerge(files, join(dir, 'merged'), io)).toBe(0);
    for (const name of ['report.json', 'junit.xml', 'report.md', 'index.html']) expect(existsSync(join(dir, 'merged', name))).toBe(true);
    expect(readReportFile(join(dir, 'merged', 'report.json')).hosts.map((h) => [h.run.host.name, h.checks.length])).toEqual([
      ['refhost', 7],
      ['codex', 7],
    ]);
    expect(out).toContain('refhost 0.1.0: 1 FAIL · 1 HARNESS-ERROR · 1 NON-STRICT · 1 UNSUPPORTED · 1 INFO · 2 PASS\n');
    expect(err).toBe('');
  });

  it('names the bad file and the zod path, exits 2 and writes nothing', () => {
    const [a] = refhostShards();
    const broken = structuredClone(a) as unknown as { hosts: { run: { host: { name: unknown } } }[] };
    broken.hosts[0]!.run.host.name = 42;
    const bad = file('bad.json', broken);
    expect(runReportMerge([file('a.json', a), bad], join(dir, 'merged'), io)).toBe(2);
    expect(err).toBe(`mcp-host-conformance: ${bad}: not a valid conformance report:\n  hosts[0].run.host.name: Invalid input: expected string, received number\n`);
    expect(existsSync(join(dir, 'merged'))).toBe(false);
  });

  it('reports a check present in two shards as a clear error naming both files', () => {
    const [a] = refhostShards();
    const one = file('one.json', a);
    const two = file('two.json', a);
    expect(runReportMerge([one, two], join(dir, 'merged'), io)).toBe(2);
    expect(err).toBe(`mcp-host-conformance: check discover-once/initialize-before-model for host refhost appears in both ${one} and ${two}\n`);
  });
});
