import { describe, expect, test } from 'vitest';
import { pollUntil } from './poll.js';

describe('pollUntil', () => {
  test('resolves true once the state holds', async () => {
    let checks = 0;
    expect(await pollUntil(() => ++checks >= 3, 5000, 1)).toBe(true);
    expect(checks).toBe(3);
  });

  test('resolves false when the deadline passes first', async () => {
    expect(await pollUntil(() => false, 20, 5)).toBe(false);
  });
});
