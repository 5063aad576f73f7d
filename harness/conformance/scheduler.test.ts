import { describe, expect, test } from 'vitest';
import type { Admission } from './cpu-governor.js';
import { runJobs, scheduleOrder, type Job } from './scheduler.js';

/** At most `n` at once, no CPU involved. */
const atMost = (n: number): Admission & { peak: number } => {
  let peak = 0;
  return {
    limits: { min: n, max: n, busyBelow: 1, settleMs: 0 },
    retryMs: 5,
    admit: (running) => running < n,
    admitted: (running) => void (peak = Math.max(peak, running)),
    get peak() {
      return peak;
    },
  };
};

function deferredJob(id: string, expectedMs: number, log: string[]) {
  let release!: () => void;
  const job: Job<string> = {
    id,
    expectedMs,
    run: () => {
      log.push(`start ${id}`);
      return new Promise<string>((resolve) => (release = () => resolve(id)));
    },
  };
  return { job, release: () => release() };
}

describe('the scheduler', () => {
  test('orders the longest expected first, ties by id', () => {
    const job = (id: string, expectedMs: number): Job<null> => ({ id, expectedMs, run: async () => null });
    expect(scheduleOrder([job('b', 1), job('c', 9), job('a', 1)]).map((j) => j.id)).toEqual(['c', 'a', 'b']);
  });

  test('starts as many as the admission allows and the next one when one finishes', async () => {
    const log: string[] = [];
    const jobs = ['a', 'b', 'c'].map((id, i) => deferredJob(id, 10 - i, log));
    const admission = atMost(2);
    const done = runJobs(
      jobs.map((j) => j.job),
      { admission },
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(log).toEqual(['start a', 'start b']);
    jobs[1]?.release();
    await new Promise((r) => setTimeout(r, 20));
    expect(log).toEqual(['start a', 'start b', 'start c']);
    jobs[0]?.release();
    jobs[2]?.release();
    expect((await done).map((o) => o.id)).toEqual(['b', 'a', 'c']);
    expect(admission.peak).toBe(2);
  });

  test('a job that throws or rejects is an outcome, not the end of the run', async () => {
    const outcomes = await runJobs(
      [
        {
          id: 'sync',
          expectedMs: 1,
          run: () => {
            throw new Error('boom');
          },
        },
        { id: 'async', expectedMs: 1, run: async () => Promise.reject(new Error('late boom')) },
        { id: 'fine', expectedMs: 1, run: async () => 'ok' },
      ],
      { admission: atMost(1) },
    );
    expect(outcomes.map((o) => [o.id, o.ok])).toEqual([
      ['async', false],
      ['fine', true],
      ['sync', false],
    ]);
  });

  test('once aborted nothing more starts and what finished is returned at once', async () => {
    const log: string[] = [];
    const jobs = ['a', 'b', 'c'].map((id) => deferredJob(id, 1, log));
    const controller = new AbortController();
    const finished: string[] = [];
    const done = runJobs(
      jobs.map((j) => j.job),
      { admission: atMost(1), signal: controller.signal, onFinish: (o) => finished.push(o.id) },
    );
    await new Promise((r) => setTimeout(r, 10));
    jobs[0]?.release();
    await new Promise((r) => setTimeout(r, 10));
    controller.abort();
    expect((await done).map((o) => o.id)).toEqual(['a']);
    jobs[1]?.release();
    await new Promise((r) => setTimeout(r, 20));
    expect({ log, finished }).toEqual({ log: ['start a', 'start b'], finished: ['a'] });
  });

  test('no jobs: resolves at once', async () => {
    await expect(runJobs([], { admission: atMost(1) })).resolves.toEqual([]);
  });
});
