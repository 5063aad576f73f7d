import { describe, expect, test } from 'vitest';
import type { CheckResult } from '../harness/report/schema.js';
import { checkResult } from '../harness/report/test-fixtures/sample-reports.js';
import { classifyMutant, groupLine, summaryLine, withArgument } from './mutation-verdict.js';

const result = (id: string, guarantees: string[], verdict: CheckResult['verdict']): CheckResult => checkResult(id, guarantees, verdict);

describe('classifying a mutant', () => {
  test('a failing check of the broken guarantee makes it caught', () => {
    const first = [result('a/one', ['APPROVE-3', 'RESULT-3'], 'FAIL'), result('b/two', ['NET-1'], 'PASS')];
    expect(classifyMutant('APPROVE-3', first, [first[0] as CheckResult]).verdict).toBe('caught');
  });

  test('a NON-STRICT check of the broken guarantee counts as caught', () => {
    const first = [result('a/one', ['DISCOVER-3'], 'NON-STRICT')];
    expect(classifyMutant('DISCOVER-3', first, first).verdict).toBe('caught');
  });

  test('only checks of other guarantees failing is caught elsewhere', () => {
    const first = [result('a/one', ['STDIO-6'], 'FAIL'), result('a/two', ['UNKNOWN-2'], 'PASS')];
    const outcome = classifyMutant('UNKNOWN-2', first, first);
    expect(outcome.verdict).toBe('caught elsewhere');
    expect(outcome.failing.map((f) => f.id)).toEqual(['a/one']);
  });

  test('every check passing is survived', () => {
    expect(classifyMutant('APPROVE-3', [result('a/one', ['APPROVE-3'], 'PASS')], []).verdict).toBe('survived');
  });

  test('a failure that passes in the confirming run is flaky and does not count', () => {
    const outcome = classifyMutant('APPROVE-3', [result('a/one', ['APPROVE-3'], 'FAIL')], [result('a/one', ['APPROVE-3'], 'PASS')]);
    expect(outcome.verdict).toBe('survived');
    expect(outcome.flaky).toEqual(['a/one']);
  });

  test('a harness error without a catch is a harness error', () => {
    expect(classifyMutant('NET-2', [result('a/one', ['NET-2'], 'HARNESS-ERROR')], []).verdict).toBe('harness error');
    expect(classifyMutant('NET-2', [], [], ['a: the run threw: boom']).verdict).toBe('harness error');
  });

  test('a catch wins over a harness error elsewhere', () => {
    const first = [result('a/one', ['NET-2'], 'FAIL'), result('b/two', ['NET-1'], 'HARNESS-ERROR')];
    expect(classifyMutant('NET-2', first, first).verdict).toBe('caught');
  });
});

test('the summary line counts each verdict', () => {
  expect(summaryLine(['caught', 'caught', 'survived', 'caught elsewhere'])).toBe('mutants: 2 caught, 1 caught elsewhere, 1 survived (of 4)');
  expect(summaryLine(['caught', 'harness error'])).toBe('mutants: 1 caught, 0 caught elsewhere, 0 survived, 1 harness error (of 2)');
});

test('a survivor with an argument is argued; a caught mutant with one stays caught', () => {
  expect(withArgument('survived', 'needs a relative HOME')).toBe('argued');
  expect(withArgument('caught', 'needs a relative HOME')).toBe('caught');
  expect(withArgument('survived', undefined)).toBe('survived');
  expect(summaryLine(['caught', 'argued'])).toBe('mutants: 1 caught, 0 caught elsewhere, 0 survived, 1 argued (of 2)');
});

test('each group is caught out of its mutants that are not argued; caught elsewhere does not count', () => {
  const records = [
    { guarantee: 'CRED-1', verdict: 'caught' as const },
    { guarantee: 'CRED-3', verdict: 'argued' as const },
    { guarantee: 'CRED-3', verdict: 'caught elsewhere' as const },
    { guarantee: 'NET-2', verdict: 'caught' as const },
  ];
  expect(groupLine(records)).toBe('by group: CRED 1/2 (1 argued), NET 1/1');
});
