// Runs jobs (scenario runs) side by side: the longest expected first, so the run ends close to
// its longest inherent wait instead of with a long job started last, and as many at once as
// the admission (cpu-governor.ts) allows. A job's failure is its outcome, never the run's.
import { CpuGovernor, type Admission } from './cpu-governor.js';

export interface Job<T> {
  id: string;
  /** How long it is expected to take (ms): the order, never a deadline. */
  expectedMs: number;
  run(): Promise<T>;
}

export type JobOutcome<T> = { id: string; ok: true; value: T; durationMs: number } | { id: string; ok: false; error: unknown; durationMs: number };

export interface RunJobsOptions<T> {
  admission?: Admission;
  onStart?(id: string): void;
  onFinish?(outcome: JobOutcome<T>): void;
  /** Once aborted no job starts; the promise resolves with what finished, without waiting for the rest. */
  signal?: AbortSignal;
}

/** Longest expected first; equal ones by id, so the order is the same every run. */
export function scheduleOrder<T>(jobs: readonly Job<T>[]): Job<T>[] {
  return [...jobs].sort((a, b) => b.expectedMs - a.expectedMs || a.id.localeCompare(b.id));
}

/** Every job's outcome, in the order they finished. */
export function runJobs<T>(jobs: readonly Job<T>[], options: RunJobsOptions<T> = {}): Promise<JobOutcome<T>[]> {
  const admission = options.admission ?? new CpuGovernor();
  const queue = scheduleOrder(jobs);
  const outcomes: JobOutcome<T>[] = [];
  let running = 0;
  let timer: NodeJS.Timeout | undefined;
  return new Promise((resolve) => {
    const finish = (): void => {
      clearTimeout(timer);
      resolve(outcomes);
    };
    options.signal?.addEventListener('abort', finish, { once: true });
    const start = (job: Job<T>): void => {
      running += 1;
      admission.admitted(running);
      options.onStart?.(job.id);
      const began = performance.now();
      const settle = (outcome: JobOutcome<T>): void => {
        running -= 1;
        if (options.signal?.aborted === true) return;
        outcomes.push(outcome);
        options.onFinish?.(outcome);
        pump();
      };
      // A job that throws synchronously fails like one that rejects.
      Promise.resolve()
        .then(() => job.run())
        .then(
          (value) => settle({ id: job.id, ok: true, value, durationMs: performance.now() - began }),
          (error: unknown) => settle({ id: job.id, ok: false, error, durationMs: performance.now() - began }),
        );
    };
    const pump = (): void => {
      if (options.signal?.aborted === true) return;
      while (queue.length > 0 && admission.admit(running)) start(queue.shift() as Job<T>);
      if (queue.length === 0 && running === 0) return finish();
      clearTimeout(timer);
      if (queue.length > 0) timer = setTimeout(pump, admission.retryMs);
    };
    pump();
  });
}
