import { describe, expect, test } from 'vitest';
import { deadlinesAddMs, scenarioDeadlineMs } from './run-scenario.js';

const knobs = { knobs: { callTimeoutMs: true, connectTimeoutMs: true } };
const none = { knobs: { callTimeoutMs: false, connectTimeoutMs: false } };
const stated = { ...none, ownDeadlines: { callTimeoutMs: 60_000, connectTimeoutMs: 60_000 } };
const scenario = (host: { callTimeoutMs?: number; connectTimeoutMs?: number }) => ({ host, user: [{ end: 'eof' as const }] });

describe("what a host's real deadlines add to a scenario", () => {
  test('nothing for a host with knobs, or a scenario asking no shorter deadline', () => {
    expect(deadlinesAddMs(scenario({ callTimeoutMs: 2000 }), knobs)).toBe(0);
    expect(deadlinesAddMs(scenario({}), none)).toBe(0);
  });

  test("two calls and one connect waited out at the deadlines in force, the catalogue's or the ones a profile states", () => {
    expect(deadlinesAddMs(scenario({ callTimeoutMs: 2000 }), none)).toBe(2 * 28_000);
    expect(deadlinesAddMs(scenario({ callTimeoutMs: 2000, connectTimeoutMs: 1000 }), stated)).toBe(2 * 58_000 + 59_000);
  });

  test("the scenario's deadline grows by it (and its slack), so a slow host ends with verdicts", () => {
    expect(scenarioDeadlineMs(scenario({ callTimeoutMs: 2000 }), none) - scenarioDeadlineMs(scenario({ callTimeoutMs: 2000 }), knobs)).toBeGreaterThan(
      2 * 28_000,
    );
  });
});
