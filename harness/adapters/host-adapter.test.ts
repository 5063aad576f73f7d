import { describe, expect, test } from 'vitest';
import { deadlinesInForce, deadlinesWaited } from './host-adapter.js';

describe('deadlines a run grades and waits by', () => {
  const noKnobs = { knobs: { callTimeoutMs: false, connectTimeoutMs: false } };

  test('a host without knobs is graded on the catalogue deadlines, and the user waits out the longer ones its profile states', () => {
    const host = { ...noKnobs, ownDeadlines: { callTimeoutMs: 60_000 } };
    expect(deadlinesInForce(host, { callTimeoutMs: 2000 })).toEqual({ callTimeoutMs: 30_000, connectTimeoutMs: 10_000 });
    expect(deadlinesWaited(host, { callTimeoutMs: 2000 })).toEqual({ callTimeoutMs: 60_000, connectTimeoutMs: 10_000 });
  });

  test("a knob's value is both graded and waited for; a stated deadline shorter than the catalogue's changes nothing", () => {
    const host = { knobs: { callTimeoutMs: true, connectTimeoutMs: false }, ownDeadlines: { callTimeoutMs: 60_000, connectTimeoutMs: 5000 } };
    expect(deadlinesWaited(host, { callTimeoutMs: 2000 })).toEqual({ callTimeoutMs: 2000, connectTimeoutMs: 10_000 });
    expect(deadlinesInForce(host, { callTimeoutMs: 2000 })).toEqual({ callTimeoutMs: 2000, connectTimeoutMs: 10_000 });
  });
});
