// CRED-2, STDIO-3: what the host's processes held while the run went on, not only what was
// left at the end: periodic /proc snapshots (and at moments the runner names, such as an
// approval on screen) of the command line and environment of every process of the run. A
// credential on a short-lived child's command line is seen even when the child is gone.
// An observation aid, never a synchronisation: a process that lives less than an interval
// may be missed.
import { readdirSync, readFileSync } from 'node:fs';
import { readProcess, type ProcessInfo } from './proc-scan.js';

export type ProcessRecord = Omit<ProcessInfo, 'role'> & {
  /** When it was seen like this: "every 100 ms", "approval #1 shown", "end of the run". */
  moment: string;
};

export const WATCH_INTERVAL_MS = 100;

/** Children of `pid` across all its threads (a host may spawn from any thread). */
function childrenOf(pid: number): number[] {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return []; // gone
  }
  return tasks.flatMap((tid) => {
    try {
      return readFileSync(`/proc/${pid}/task/${tid}/children`, 'latin1').split(' ').filter(Boolean).map(Number);
    } catch {
      return [];
    }
  });
}

const mentions = (p: Omit<ProcessInfo, 'role'>, marker: string): boolean => p.cmdline.some((a) => a.includes(marker)) || Object.values(p.env).some((v) => v.includes(marker));

export class ProcWatch {
  /** Processes of the run: the harness's children that mention the marker, and their descendants. */
  readonly #members = new Set<number>();
  /** The harness's children that belong to other runs (concurrent scenarios). */
  readonly #strangers = new Set<number>();
  readonly #records = new Map<string, ProcessRecord>();
  #timer: NodeJS.Timeout | null = null;

  /** `marker`: the sandbox root, which every host process's environment or command line names. */
  constructor(private readonly marker: string) {}

  start(intervalMs = WATCH_INTERVAL_MS): void {
    this.#timer ??= setInterval(() => this.snapshot(`every ${intervalMs} ms`), intervalMs);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
  }

  /** Reads every process of the run now; each distinct command line and environment is kept once. */
  snapshot(moment: string): void {
    for (const pid of childrenOf(process.pid)) {
      if (this.#members.has(pid) || this.#strangers.has(pid)) continue;
      const info = readProcess(pid);
      if (info !== null) (mentions(info, this.marker) ? this.#members : this.#strangers).add(pid);
    }
    // Descendants join as they are found; a set grows while iterated, so grandchildren are reached too.
    for (const pid of this.#members) for (const child of childrenOf(pid)) this.#members.add(child);
    for (const pid of this.#members) {
      const info = readProcess(pid);
      if (info === null || info.state === 'Z') continue;
      const key = [pid, ...info.cmdline, '\0', ...Object.entries(info.env).map(([k, v]) => `${k}=${v}`)].join('\0');
      if (!this.#records.has(key)) this.#records.set(key, { ...info, moment });
    }
  }

  records(): ProcessRecord[] {
    return [...this.#records.values()];
  }
}

/**
 * The role of each process: `direct` names the stdio servers ("server:NAME"); a process
 * descending from one, or in its process group (a child left behind), is that server's too;
 * everything else of the run is the host's (the host and its helpers).
 */
export function assignRoles<T extends Omit<ProcessInfo, 'role'>>(processes: readonly T[], direct: (p: T) => string | null): (T & { role: string })[] {
  const byPid = new Map<number, T>(processes.map((p) => [p.pid, p]));
  const servers = new Map<number, string>();
  for (const p of processes) {
    const role = direct(p);
    if (role !== null) servers.set(p.pid, role);
  }
  // Only a server that leads its own group (STDIO-2) claims the group.
  const serverGroups = new Map([...servers].filter(([pid]) => byPid.get(pid)?.pgid === pid));
  const roleOf = (p: T, depth = 0): string => {
    const own = servers.get(p.pid) ?? serverGroups.get(p.pgid);
    if (own !== undefined) return own;
    const parent = byPid.get(p.ppid);
    return parent === undefined || parent.pid === p.pid || depth > 64 ? 'host' : roleOf(parent, depth + 1);
  };
  return processes.map((p) => ({ ...p, role: roleOf(p) }));
}
