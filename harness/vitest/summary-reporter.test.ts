import { describe, expect, test } from 'vitest';
import { namedOutcomes, summarise, summaryLine } from './summary-reporter.js';

const mod = (state: string, ...tests: string[]) => ({ state: () => state, tests: tests.map((s) => ({ state: s })) });

describe('the closing summary line', () => {
  test('counts passed and failed tests, skipped apart', () => {
    expect(summaryLine(summarise([mod('failed', 'passed', 'failed', 'skipped'), mod('passed', 'passed')], 0))).toBe(
      'conformance: 2 passed, 1 failed, 1 skipped',
    );
  });

  test('a file that failed to load counts as a failure', () => {
    expect(summarise([mod('failed')], 0)).toEqual({ passed: 0, failed: 1, skipped: 0 });
  });

  test('a file whose hook threw (tests skipped) counts as a failure', () => {
    expect(summarise([mod('failed', 'passed', 'skipped', 'skipped')], 0)).toEqual({ passed: 1, failed: 1, skipped: 2 });
  });

  test('unhandled errors count as failures', () => {
    expect(summaryLine(summarise([mod('passed', 'passed')], 2))).toBe('conformance: 1 passed, 2 failed');
  });

  test('names each failed test and each test that passed only on retry, passing ones not', () => {
    const tests = [
      { state: 'passed', name: 'a.test.ts > steady' },
      { state: 'passed', name: 'a.test.ts > flaky', flaky: true },
      { state: 'failed', name: 'b.test.ts > broken' },
      { state: 'skipped', name: 'b.test.ts > skipped' },
    ];
    expect(namedOutcomes([{ state: () => 'failed', tests }])).toEqual(['failed test: b.test.ts > broken', 'flaky test (passed on retry): a.test.ts > flaky']);
  });

  test('names a file that failed without a failing test (it did not load, or a hook threw)', () => {
    expect(namedOutcomes([{ state: () => 'failed', name: 'c.test.ts', tests: [{ state: 'skipped' }] }])).toEqual([
      'failed file (did not load, or a hook failed): c.test.ts',
    ]);
  });
});
