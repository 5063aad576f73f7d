import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { expectedDurations } from './expected-durations.js';
import { shardOf } from './run-conformance.js';

const dir = mkdtempSync(join(tmpdir(), 'mhc-durations-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function report(name: string, checks: { scenario: string; durationMs: number }[]): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify({ schemaVersion: 1, hosts: [{ run: {}, checks: checks.map((c, i) => ({ id: `${c.scenario}/c${i}`, ...c })) }] }));
  return file;
}

describe('expected durations', () => {
  test('come from the first report that has the scenario, its longest check', () => {
    const own = report('own.json', [{ scenario: 'a', durationMs: 100 }]);
    const reference = report('ref.json', [
      { scenario: 'a', durationMs: 900 },
      { scenario: 'b', durationMs: 300 },
      { scenario: 'b', durationMs: 400 },
    ]);
    const got = expectedDurations([join(dir, 'missing.json'), own, reference], [{ name: 'a' }, { name: 'b' }, { name: 'c', timeoutMs: 60_000 }, { name: 'd' }]);
    expect(Object.fromEntries(got)).toEqual({ a: 100, b: 400, c: 60_000, d: 1000 });
  });

  test('a file that is not a report orders nothing', () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, '{not json');
    expect(expectedDurations([file], [{ name: 'a' }]).get('a')).toBe(1000);
  });
});

describe('shards', () => {
  test('take every n-th scenario by name from the i-th, together all of them once', () => {
    const scenarios = ['e', 'a', 'd', 'b', 'c'].map((name) => ({ name }));
    const shards = [1, 2].map((i) => shardOf(scenarios, `${i}/2`).map((s) => s.name));
    expect(shards).toEqual([
      ['a', 'c', 'e'],
      ['b', 'd'],
    ]);
  });
});
