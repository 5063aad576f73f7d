import { describe, expect, it } from 'vitest';
import { median, ratio, repeat, summarise } from './stats.js';

describe('statistics of repeated measurements', () => {
  it('takes the middle sample of an odd count and the mean of the two middle ones of an even count', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('summarises samples as median, min, max and count', () => {
    expect(summarise([30, 10, 20])).toEqual({ median: 20, min: 10, max: 30, n: 3 });
  });

  it('refuses to summarise nothing', () => {
    expect(() => summarise([])).toThrow(/no samples/);
  });

  it('gives no ratio when a side is missing or the divisor is not positive', () => {
    expect(ratio(1, 4)).toBe(0.25);
    expect(ratio(undefined, 4)).toBeNull();
    expect(ratio(1, 0)).toBeNull();
    expect(ratio(Number.NaN, 2)).toBeNull();
  });

  it('drops the warm-up samples and keeps the measured ones in order', async () => {
    const samples = await repeat({ warmups: 2, runs: 3 }, async (i) => i * 10);
    expect(samples).toEqual([20, 30, 40]);
  });
});
