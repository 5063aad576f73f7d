import { describe, expect, test } from 'vitest';
import { availableMemory, CpuGovernor, defaultLimits, readCpuTimes, type CpuTimes } from './cpu-governor.js';

/** A governor on a fake clock and a fake /proc/stat whose busy share is what the test sets. */
function governed(limits = { min: 2, max: 4, busyBelow: 0.8, settleMs: 200 }) {
  let now = 0;
  let times: CpuTimes = { busy: 0, total: 0 };
  let share = 0;
  let memory = 8 * 2 ** 30;
  const governor = new CpuGovernor(
    limits,
    () => times,
    () => now,
    () => memory,
  );
  /** Time passes with the machine `share` busy; the scheduler asks every 50 ms meanwhile. */
  const pass = (ms: number, running: number): boolean => {
    let said = false;
    for (let t = 0; t < ms; t += 50) {
      now += 50;
      times = { busy: times.busy + 50 * share, total: times.total + 50 };
      said = governor.admit(running);
    }
    return said;
  };
  return { governor, pass, busy: (s: number) => void (share = s), memory: (bytes: number) => void (memory = bytes) };
}

describe('the CPU governor', () => {
  test('admits up to min at once without looking at the CPU', () => {
    const { governor } = governed();
    expect(governor.admit(0)).toBe(true);
    governor.admitted(1);
    expect(governor.admit(1)).toBe(true);
  });

  test('admits one more above min only after the settle time, while the machine stayed below the busy share', () => {
    const { governor, pass, busy } = governed();
    governor.admitted(2);
    busy(0.5);
    expect(pass(100, 2)).toBe(false);
    expect(pass(150, 2)).toBe(true);
    governor.admitted(3);
    busy(0.95);
    expect(pass(1000, 3)).toBe(false);
    busy(0.3);
    // The busy second ages out of the window.
    expect(pass(1100, 3)).toBe(true);
  });

  test('never admits more than max, and records the peak', () => {
    const { governor, pass, busy } = governed();
    busy(0);
    governor.admitted(4);
    expect(pass(2000, 4)).toBe(false);
    expect(governor.peak).toBe(4);
  });

  test('without CPU figures it keeps to min', () => {
    const governor = new CpuGovernor({ min: 1, max: 4, busyBelow: 0.8, settleMs: 0 }, () => null);
    expect(governor.admit(0)).toBe(true);
    expect(governor.admit(1)).toBe(false);
  });

  test('admits nothing above min while the machine lacks memory for one more scenario', () => {
    const { governor, pass, busy, memory } = governed();
    governor.admitted(2);
    busy(0.1);
    memory(256 * 2 ** 20);
    expect(pass(1000, 2)).toBe(false);
    memory(4 * 2 ** 30);
    expect(pass(50, 2)).toBe(true);
  });

  test('defaults: one at least, four per core at most', () => {
    expect(defaultLimits(2)).toMatchObject({ min: 1, max: 8 });
  });

  test('reads the memory the machine can still give', () => {
    expect(availableMemory(() => 'MemTotal: 100 kB\nMemAvailable:    2048 kB\n')).toBe(2048 * 1024);
  });

  test('reads the busy and total ticks of /proc/stat, idle and iowait counting as free', () => {
    expect(readCpuTimes(() => 'cpu  10 1 5 80 4 0 0 0 0 0\ncpu0 1 1 1 1 1 1 1 1 1 1\n')).toEqual({ busy: 16, total: 100 });
    expect(readCpuTimes(() => 'garbage')).toBeNull();
    expect(
      readCpuTimes(() => {
        throw new Error('no /proc');
      }),
    ).toBeNull();
  });
});
