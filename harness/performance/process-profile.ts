// Where a run's CPU goes, by kind of process (issue 22): polls /proc for every descendant of
// the run's process and keeps each one's last CPU time (user + system), then sums them by
// kind: the harness itself, the hosts' PID-namespace supervision (unshare, perl, mount), the
// hosts and their helpers, the stdio fake servers and their children. A process living less
// than one interval may be missed: the caller compares the sum with the run's whole CPU
// (its children's rusage) and shows the rest as unattributed.
import { readdirSync, readFileSync } from 'node:fs';

export type ProcessKind = 'harness' | 'namespace supervision' | 'host' | 'stdio fake server' | 'other';

export interface KindTotals {
  kind: ProcessKind;
  cpuMs: number;
  processes: number;
}

interface Seen {
  ppid: number;
  kind: ProcessKind;
  cpuMs: number;
}

/** Clock ticks per second of /proc/PID/stat's times (USER_HZ, 100 on Linux). */
const TICKS_PER_S = 100;

function read(path: string): string | null {
  try {
    return readFileSync(path, 'latin1');
  } catch {
    return null; // gone
  }
}

/** ppid, start time and user+system CPU (ms) from /proc/PID/stat. */
export function parseCpuStat(stat: string): { ppid: number; start: number; cpuMs: number } | null {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [ppid, utime, stime, start] = [fields[1], fields[11], fields[12], fields[19]].map(Number);
  if ([ppid, utime, stime, start].some((n) => n === undefined || !Number.isFinite(n))) return null;
  return { ppid: ppid as number, start: start as number, cpuMs: (((utime as number) + (stime as number)) * 1000) / TICKS_PER_S };
}

/** The kind of a process by its command line and the kinds of its ancestors. */
export function kindOf(cmdline: readonly string[], parent: ProcessKind | undefined, isRoot: boolean): ProcessKind {
  if (isRoot) return 'harness';
  // A host starts its stdio servers; what a server starts stays the server's.
  if (parent === 'stdio fake server' || cmdline.some((a) => /fake-servers\/mcp\/stdio-main\.js$|stdio-fake\.mjs$/.test(a))) return 'stdio fake server';
  if (parent === 'host') return 'host';
  const program = (cmdline[0] ?? '').replace(/.*\//, '');
  if (program === 'unshare' || program === 'mount' || (program === 'perl' && cmdline[1] === '-e')) return 'namespace supervision';
  // The first program a supervisor or the harness starts that is none of the above is a host (or a host's own command).
  return parent === 'namespace supervision' || parent === 'harness' ? 'host' : 'other';
}

function childrenOf(pid: number): number[] {
  const tasks = (() => {
    try {
      return readdirSync(`/proc/${pid}/task`);
    } catch {
      return [];
    }
  })();
  return tasks.flatMap((tid) => (read(`/proc/${pid}/task/${tid}/children`) ?? '').split(' ').filter(Boolean).map(Number));
}

export interface ProcessProfiler {
  /** One more look now (the caller takes one right before the run's process is reaped). */
  sample(): void;
  /** Stops polling; CPU per kind of every process seen. */
  stop(): KindTotals[];
}

/** Polls the tree under `root` every `everyMs`. */
export function profileProcesses(root: number, everyMs = 20): ProcessProfiler {
  const seen = new Map<string, Seen>();
  const kindByPid = new Map<number, ProcessKind>();
  const sample = (): void => {
    const stack = [root];
    const visited = new Set<number>();
    while (stack.length > 0) {
      const pid = stack.pop() as number;
      if (visited.has(pid)) continue;
      visited.add(pid);
      const stat = read(`/proc/${pid}/stat`);
      const parsed = stat === null ? null : parseCpuStat(stat);
      if (parsed === null) continue;
      const key = `${pid}@${parsed.start}`;
      // Looked at every time: a fork shows its parent's command line until it execs (the
      // supervisor's child becomes the host), and the CPU goes to what it is last seen as.
      const cmdline = (read(`/proc/${pid}/cmdline`) ?? '').split('\0').filter(Boolean);
      const entry = seen.get(key) ?? { ppid: parsed.ppid, kind: 'other', cpuMs: 0 };
      seen.set(key, entry);
      entry.kind = kindOf(cmdline, kindByPid.get(parsed.ppid), pid === root);
      entry.cpuMs = parsed.cpuMs;
      kindByPid.set(pid, entry.kind);
      stack.push(...childrenOf(pid));
    }
  };
  const timer = setInterval(sample, everyMs);
  return {
    sample,
    stop() {
      clearInterval(timer);
      const totals = new Map<ProcessKind, KindTotals>();
      for (const entry of seen.values()) {
        const t = totals.get(entry.kind) ?? { kind: entry.kind, cpuMs: 0, processes: 0 };
        t.cpuMs += entry.cpuMs;
        t.processes += 1;
        totals.set(entry.kind, t);
      }
      return [...totals.values()].sort((a, b) => b.cpuMs - a.cpuMs);
    },
  };
}

/** CPU (ms) of this process's reaped children so far (cutime + cstime of /proc/self/stat). */
export function reapedChildrenCpuMs(): number {
  const stat = read('/proc/self/stat') ?? '';
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / TICKS_PER_S;
}
