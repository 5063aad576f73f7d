import { describe, expect, it } from 'vitest';
import { fitToBudget, serializedBytes, toolOutputJson, type HistoryItem } from './history.js';

function out(id: string, status: 'completed' | 'failed', size: number): HistoryItem {
  return { type: 'function_call_output', call_id: id, output: toolOutputJson(status, 'x'.repeat(size)) };
}

describe('fitToBudget', () => {
  it('elides the oldest outputs first, keeping their status, until the input fits', () => {
    const items: HistoryItem[] = [
      { type: 'message', role: 'user', content: 'q' },
      out('a', 'failed', 1000),
      out('b', 'completed', 1000),
      out('c', 'completed', 1000),
    ];
    expect(fitToBudget(items, 2000)).toBe(2);
    expect(serializedBytes(items)).toBeLessThanOrEqual(2000);
    expect(JSON.parse((items[1] as { output: string }).output)).toEqual({
      status: 'failed',
      output: expect.stringMatching(/^\[elided: \d+ bytes of earlier tool output removed/) as unknown,
    });
    expect(items[3]).toEqual(out('c', 'completed', 1000));
  });

  it('leaves input within the budget alone and never touches messages', () => {
    const items: HistoryItem[] = [{ type: 'message', role: 'user', content: 'y'.repeat(5000) }, out('a', 'completed', 10)];
    const before = structuredClone(items);
    expect(fitToBudget(items, 100_000)).toBe(0);
    expect(fitToBudget(items, 100)).toBe(1);
    expect(items[0]).toEqual(before[0]);
    expect(fitToBudget(items, 100)).toBe(0);
  });
});
