// Peak memory of a host (issue 8 "memory with 10 servers"): the summed VmHWM (each
// process's own peak resident set, kept by the kernel) of every process in the host's
// process group, read from /proc. VmHWM survives until a process exits, so sampling only
// has to see each member once while it lives; the sampler polls and keeps each pid's maximum.
import { readdirSync, readFileSync } from 'node:fs';
import { parseStat } from '../supervision/proc-scan.js';

/** "VmHWM:    12345 kB" from /proc/PID/status, in kB; null when absent (kernel threads, gone). */
export function parseVmHwmKb(status: string): number | null {
  const m = /^VmHWM:\s+(\d+) kB$/m.exec(status);
  return m === null ? null : Number(m[1]);
}

function read(path: string): string | null {
  try {
    return readFileSync(path, 'latin1');
  } catch {
    return null; // gone, or not ours to read
  }
}

/** pid -> VmHWM (kB) of the live members of process group `pgid`. */
export function groupHwm(pgid: number): Map<number, number> {
  const found = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const stat = read(`/proc/${pid}/stat`);
    const parsed = stat === null ? null : parseStat(stat);
    if (parsed?.pgid !== pgid) continue;
    const status = read(`/proc/${pid}/status`);
    const kb = status === null ? null : parseVmHwmKb(status);
    if (kb !== null) found.set(pid, kb);
  }
  return found;
}

export interface PeakRssSampler {
  /** Takes a last sample, stops polling and returns the summed peak in MB (MiB). */
  stop(): number;
  /** Members seen so far. */
  pids(): number[];
}

/** Polls the group every `everyMs` until stopped. */
export function samplePeakRss(pgid: number, everyMs = 25): PeakRssSampler {
  const peaks = new Map<number, number>();
  const sample = (): void => {
    for (const [pid, kb] of groupHwm(pgid)) peaks.set(pid, Math.max(kb, peaks.get(pid) ?? 0));
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      sample();
      clearInterval(timer);
      return [...peaks.values()].reduce((a, b) => a + b, 0) / 1024;
    },
    pids: () => [...peaks.keys()],
  };
}
