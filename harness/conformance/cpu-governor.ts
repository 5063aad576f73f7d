// How many scenarios run at once, from what the machine measures rather than a fixed number:
// a scenario mostly waits (on its host, on deadlines), so more of them fit than there are
// cores, until the CPU is busy. Another scenario is admitted only while the whole machine's
// CPU (/proc/stat, so other runs on it count too: a second row, vitest's other worker) stayed
// below `busyBelow` since the last admission, at least `settleMs` after it (a host's start-up
// burst must show first), and while the machine has memory for one more. Below `min` running,
// a scenario is admitted at once; never more than `max`.
import { availableParallelism, freemem } from 'node:os';
import { readFileSync } from 'node:fs';

export interface ConcurrencyLimits {
  /** Admitted without looking at the CPU. */
  min: number;
  /** Never more at once. */
  max: number;
  /** Admit only while the machine's busy share of all cores stayed below this (0..1). */
  busyBelow: number;
  /** The least time between two admissions above `min` (ms). */
  settleMs: number;
}

/** Memory one scenario may take at most, host and fakes together (a Node host with its servers, measured ~300 MB). */
const MEMORY_PER_SCENARIO = 512 * 1024 * 1024;

/**
 * The defaults for this machine: one at a time at least (the CPU decides the rest: runs side
 * by side, a row beside npm test, share the machine), up to four per core.
 */
export function defaultLimits(cores = availableParallelism()): ConcurrencyLimits {
  return { min: 1, max: 4 * cores, busyBelow: 0.8, settleMs: 200 };
}

/** Memory the machine can still give (bytes): MemAvailable, which counts reclaimable caches; free memory off Linux. */
export function availableMemory(read: () => string = () => readFileSync('/proc/meminfo', 'latin1')): number {
  try {
    const kb = /^MemAvailable:\s+(\d+) kB/m.exec(read())?.[1];
    if (kb !== undefined) return Number(kb) * 1024;
  } catch {
    // not Linux
  }
  return freemem();
}

export interface CpuTimes {
  busy: number;
  total: number;
}

/** The machine's CPU time so far (clock ticks) from the first line of /proc/stat; null off Linux. */
export function readCpuTimes(read: () => string = () => readFileSync('/proc/stat', 'latin1')): CpuTimes | null {
  let line: string | undefined;
  try {
    line = read().split('\n', 1)[0];
  } catch {
    return null;
  }
  const fields = line?.trim().split(/\s+/).slice(1).map(Number) ?? [];
  if (fields.length < 4 || fields.some((n) => !Number.isFinite(n))) return null;
  const total = fields.reduce((a, b) => a + b, 0);
  // idle and iowait: a core waiting on a disk could run a scenario.
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

export interface Admission {
  /** Whether one more may start now, with `running` already running. */
  admit(running: number): boolean;
  /** One was started; `running` now run. */
  admitted(running: number): void;
  /** How long to wait before asking again when `admit` said no (ms). */
  readonly retryMs: number;
  /** The most that ran at once so far. */
  readonly peak: number;
  readonly limits: ConcurrencyLimits;
}

/** How far back the CPU is looked at (ms): long enough to smooth a burst, short enough to follow the run. */
const WINDOW_MS = 1000;

export class CpuGovernor implements Admission {
  readonly retryMs = 50;
  #peak = 0;
  #lastAdmit = -Infinity;
  #samples: { at: number; times: CpuTimes }[] = [];

  constructor(
    readonly limits: ConcurrencyLimits = defaultLimits(),
    private readonly cpu: () => CpuTimes | null = () => readCpuTimes(),
    private readonly now: () => number = () => performance.now(),
    private readonly memory: () => number = () => availableMemory(),
  ) {}

  get peak(): number {
    return this.#peak;
  }

  admit(running: number): boolean {
    const { min, max, busyBelow, settleMs } = this.limits;
    if (running < min) return true;
    const at = this.now();
    const times = this.cpu();
    // No CPU figures (not Linux): what `min` allows.
    if (times === null) return false;
    this.#samples = [...this.#samples.filter((s) => s.at >= at - WINDOW_MS), { at, times }];
    if (running >= max || at - this.#lastAdmit < settleMs) return false;
    // Since the last admission (its start-up burst included), at most the window back.
    const base = this.#samples.find((s) => s.at >= this.#lastAdmit);
    if (base === undefined || at - base.at < settleMs / 2 || times.total <= base.times.total) return false;
    return (times.busy - base.times.busy) / (times.total - base.times.total) < busyBelow && this.memory() >= MEMORY_PER_SCENARIO;
  }

  admitted(running: number): void {
    this.#lastAdmit = this.now();
    this.#peak = Math.max(this.#peak, running);
  }
}
