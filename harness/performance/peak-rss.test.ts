import { describe, expect, it } from 'vitest';
import { readProcess } from '../supervision/proc-scan.js';
import { groupHwm, parseVmHwmKb, samplePeakRss } from './peak-rss.js';

describe('peak RSS from /proc', () => {
  it('reads VmHWM in kB from a status file and nothing from one without it', () => {
    expect(parseVmHwmKb('Name:\tnode\nVmPeak:\t  900 kB\nVmHWM:\t   51200 kB\nVmRSS:\t 40000 kB\n')).toBe(51200);
    expect(parseVmHwmKb('Name:\tkthreadd\nState:\tS\n')).toBeNull();
  });

  it('finds this process among the members of its own process group, with a positive peak', () => {
    const pgid = readProcess(process.pid)!.pgid;
    expect(groupHwm(pgid).get(process.pid)).toBeGreaterThan(0);
  });

  it('sums the peaks of the group it samples in MB', () => {
    const pgid = readProcess(process.pid)!.pgid;
    const sampler = samplePeakRss(pgid, 1000);
    const mb = sampler.stop();
    expect(sampler.pids()).toContain(process.pid);
    expect(mb).toBeGreaterThan(1);
  });
});
