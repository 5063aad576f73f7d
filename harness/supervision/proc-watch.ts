// CRED-2, STDIO-3: what the host's processes held while the run went on, not only what was
// left at the end: periodic /proc snapshots (and at moments the runner names, such as an
// approval on screen) of the command line and environment of every process of the run. A
// credential on a short-lived child's command line is seen even when the child is gone.
// An observation aid, never a synchronisation: a process that lives less than an interval
// may be missed.
import { readdirSync, readFileSync } from 'node:fs';
import { readProcess, type ProcessInfo } from './proc-scan.js';

export type ProcessRecord = Omit<ProcessInfo, 'role'> & {
  /** When it was seen like this: "periodic snapshot", "approval #1 shown", "end of the user script". */
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

const sameState = (a: Omit<ProcessInfo, 'role'>, b: Omit<ProcessInfo, 'role'>): boolean =>
  a.cmdline.join('\0') === b.cmdline.join('\0') && JSON.stringify(a.env) === JSON.stringify(b.env);

/** Pids are reused (32768 of them on a busy machine): a process is its pid and start time. */
const identity = (p: Pick<ProcessInfo, 'pid' | 'start'>): string => `${p.pid}@${p.start}`;

export class ProcWatch {
  /** Processes of the run (identities): the harness's children that mention the marker, and their descendants. */
  readonly #members = new Set<string>();
  /** The harness's children that belong to other runs (concurrent scenarios). */
  readonly #strangers = new Set<string>();
  readonly #records = new Map<string, ProcessRecord>();
  #self: Omit<ProcessInfo, 'role'> | null = null;
  #timer: NodeJS.Timeout | null = null;

  /**
   * `marker`: the sandbox root, which every host process's environment or command line names;
   * `roots`: the run's own children (a host's namespace supervisor names nothing of the sandbox).
   */
  constructor(
    private readonly marker: string,
    private readonly roots: () => readonly number[] = () => [],
  ) {}

  start(intervalMs = WATCH_INTERVAL_MS): void {
    this.#timer ??= setInterval(() => this.snapshot('periodic snapshot'), intervalMs);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
  }

  /** Reads every process of the run now; each distinct command line and environment is kept once. */
  snapshot(moment: string): void {
    const alive: Omit<ProcessInfo, 'role'>[] = [];
    const visit = (pid: number, member: (p: Omit<ProcessInfo, 'role'>) => boolean): void => {
      const info = readProcess(pid);
      if (info === null || info.state === 'Z' || !member(info)) return;
      this.#members.add(identity(info));
      alive.push(info);
    };
    this.#self ??= readProcess(process.pid);
    for (const pid of childrenOf(process.pid)) {
      visit(pid, (info) => {
        const id = identity(info);
        // A root may have been seen before the scope adopted it: the roots decide first.
        if (this.#members.has(id) || this.roots().includes(info.pid)) return true;
        if (this.#strangers.has(id)) return false;
        if (mentions(info, this.marker)) return true;
        // Not yet exec'd (it still shows the harness itself): what it becomes is decided next time.
        if (this.#self === null || !sameState(info, this.#self)) this.#strangers.add(id);
        return false;
      });
    }
    // Descendants join as they are found; the list grows while walked, so grandchildren are reached too.
    const forks = new Set<Omit<ProcessInfo, 'role'>>();
    for (let i = 0; i < alive.length; i++) {
      const parent = alive[i];
      if (parent === undefined) continue;
      for (const child of childrenOf(parent.pid)) {
        visit(child, (info) => {
          // Forked, not yet exec'd: it shows the parent's command line and environment, not its own.
          if (sameState(info, parent)) forks.add(info);
          return true;
        });
      }
    }
    for (const info of alive) {
      if (forks.has(info)) continue;
      const key = [identity(info), ...info.cmdline, '\0', ...Object.entries(info.env).map(([k, v]) => `${k}=${v}`)].join('\0');
      if (!this.#records.has(key)) this.#records.set(key, { ...info, moment });
    }
  }

  records(): ProcessRecord[] {
    return [...this.#records.values()];
  }
}

/**
 * The role of each process: `direct` names the stdio servers ("server:NAME"); a process
 * descending from one, or in the group it leads (a child left behind), is that server's too;
 * everything else of the run is the host's (the host and its helpers).
 */
export function assignRoles<T extends Omit<ProcessInfo, 'role'>>(processes: readonly T[], direct: (p: T) => string | null): (T & { role: string })[] {
  const byIdentity = new Map<string, T>(processes.map((p) => [identity(p), p]));
  const servers = new Map<string, string>();
  for (const p of processes) {
    const role = direct(p);
    if (role !== null) servers.set(identity(p), role);
  }
  /** The process that was `pid` when `p` started (`p` itself for its own pid): the latest to start no later. */
  const earlier = (pid: number, p: T): T | undefined =>
    [...byIdentity.values()].filter((q) => q.pid === pid && q.start <= p.start).sort((a, b) => b.start - a.start)[0];
  const roleOf = (p: T, depth = 0): string => {
    const own = servers.get(identity(p));
    if (own !== undefined) return own;
    // Only a server that leads its own group (STDIO-2) claims the group.
    const leader = earlier(p.pgid, p);
    const group = leader !== undefined && leader.pgid === leader.pid ? servers.get(identity(leader)) : undefined;
    if (group !== undefined) return group;
    const parent = earlier(p.ppid, p);
    return parent === undefined || depth > 64 ? 'host' : roleOf(parent, depth + 1);
  };
  return processes.map((p) => ({ ...p, role: roleOf(p) }));
}
