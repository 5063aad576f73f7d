import { describe, expect, test } from 'vitest';
import { meter, meterAsync, openSpan, startMetering, stopMetering } from './cost-meter.js';

describe('the cost meter', () => {
  test('sums spans by name while on, synchronous ones marked, and nothing while off', async () => {
    meter('off', () => 1);
    startMetering();
    expect(meter('sync', () => 41 + 1)).toBe(42);
    meter('sync', () => {
      const end = performance.now() + 5;
      while (performance.now() < end);
    });
    await meterAsync('async', () => new Promise((resolve) => setTimeout(resolve, 5)));
    const close = openSpan();
    close('span');
    const costs = stopMetering();
    meter('after', () => 1);
    expect([...costs.keys()].sort()).toEqual(['async', 'span', 'sync']);
    expect(costs.get('sync')).toMatchObject({ count: 2, synchronous: true });
    expect(costs.get('sync')?.wallMs).toBeGreaterThanOrEqual(5);
    expect(costs.get('async')).toMatchObject({ count: 1, synchronous: false });
  });

  test('a span that throws still counts', () => {
    startMetering();
    expect(() =>
      meter('boom', () => {
        throw new Error('x');
      }),
    ).toThrow('x');
    expect(stopMetering().get('boom')?.count).toBe(1);
  });
});
