// CRED-2, STDIO-3: what the host's processes held while the run went on, not only what was
// left at the end: periodic /proc snapshots (and at moments the runner names, such as an
// approval on screen) of the command line and environment of every process of the run. A
// credential on a short-lived child's command line is seen even when the child is gone.
// An observation aid, never a synchronisation: a process that lives less than an interval
// may be missed.
// Several scenarios run at once in one harness process: one walk per interval serves every
// watch, reading each process once (the harness's children, then their descendants), its
// files held open between walks (held-files.ts), and a process whose files read as before is
// not parsed again.
import { readdirSync } from 'node:fs';
import { HeldFiles } from './held-files.js';
import { infoFrom, mentions, readProc, readProcess, readTexts, threadCount, type ProcessInfo, type ProcRead, type ProcTexts } from './proc-scan.js';
import { meter } from '../performance/cost-meter.js';

export type ProcessRecord = Omit<ProcessInfo, 'role'> & {
  /** When it was seen like this: "periodic snapshot", "approval #1 shown", "end of the user script". */
  moment: string;
};

export const WATCH_INTERVAL_MS = 100;

/** One process as a walk read it. */
interface Seen {
  info: Omit<ProcessInfo, 'role'>;
  /** identity() */
  id: string;
  /** Its command line and environment as one string: a fork not yet exec'd shows its parent's. */
  state: string;
  /** The record kept for it: one per process and distinct command line and environment. */
  key: string;
  threads: number;
  /** What it was read from: the same texts next time, the same process as before. */
  texts: ProcTexts;
  statKey: string;
}

/** The stat fields a record or the walk uses (state, parent, group, session, threads, start); the others change all the time. */
function statKey(stat: string): string {
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ', 20);
  return `${f[0]} ${f[1]} ${f[2]} ${f[3]} ${f[17]} ${f[19]}`;
}

const stateOf = (p: Omit<ProcessInfo, 'role'>): string => [...p.cmdline, '\0', ...Object.entries(p.env).map(([k, v]) => `${k}=${v}`)].join('\0');

/** Pids are reused (32768 of them on a busy machine): a process is its pid and start time. */
const identity = (p: Pick<ProcessInfo, 'pid' | 'start'>): string => `${p.pid}@${p.start}`;

/** What the last walks read of each pid. */
const lastSeen = new Map<number, Seen>();
const held = new HeldFiles();
/** Stat lines and command lines through held files; an environment fresh (held-files.ts says why). */
const readHeld: ProcRead = (path) => (path.endsWith('/environ') ? readProc(path) : held.read(path));

/** Process `pid` now, or null when it is gone; the same object as last time when its files read the same. */
function see(pid: number): Seen | null {
  const texts = readTexts(pid, readHeld);
  if (texts === null) return null;
  const before = lastSeen.get(pid);
  const key = statKey(texts.stat);
  // The environment is read every walk, not only when the command line changed: a program may
  // execute itself again with the same command line and another environment, or write over
  // its environment in place. Compared as read, it is parsed only when it changed. A refused
  // one is checked against /proc again each time (infoFrom).
  if (
    before !== undefined &&
    before.statKey === key &&
    before.texts.cmdline === texts.cmdline &&
    typeof texts.environ === 'string' &&
    before.texts.environ === texts.environ
  )
    return before;
  const info = infoFrom(pid, texts, readHeld);
  if (info === null) return null;
  const id = identity(info);
  const state = stateOf(info);
  const seen = { info, id, state, key: `${id}\0${state}`, threads: threadCount(texts.stat), texts, statKey: key };
  lastSeen.set(pid, seen);
  return seen;
}

/**
 * Children of process `pid` (identity `id`) across all its threads (a host may spawn from any
 * thread): each thread has its own list, and no file lists a whole process's. The threads are
 * listed again each time; a process of one thread has one list.
 */
function childrenOf(pid: number, id: string, threads: number): number[] {
  let tasks: string[];
  try {
    tasks = threads === 1 ? [String(pid)] : readdirSync(`/proc/${pid}/task`);
  } catch {
    return []; // gone
  }
  return tasks.flatMap((tid) => {
    try {
      return held.read(`/proc/${pid}/task/${tid}/children`, id).split(' ').filter(Boolean).map(Number);
    } catch {
      return [];
    }
  });
}

/** The harness's own state: a child that shows it has not exec'd yet. Read once: exec would end this process. */
let harnessState: string | null | undefined;

export class ProcWatch {
  /** Processes of the run (identities): the harness's children that mention the marker, and their descendants. */
  readonly #members = new Set<string>();
  /** The harness's children that belong to other runs (concurrent scenarios). */
  readonly #strangers = new Set<string>();
  readonly #records = new Map<string, ProcessRecord>();

  /** The started watches, walked together every interval. */
  static readonly #started = new Set<ProcWatch>();
  static #timer: NodeJS.Timeout | null = null;

  /**
   * `marker`: the sandbox root, which every host process's environment or command line names;
   * `roots`: the run's own children (a host's namespace supervisor names nothing of the sandbox).
   */
  constructor(
    private readonly marker: string,
    private readonly roots: () => readonly number[] = () => [],
  ) {}

  start(): void {
    ProcWatch.#started.add(this);
    ProcWatch.#timer ??= setInterval(() => meter('proc watch', () => ProcWatch.#walk([...ProcWatch.#started], 'periodic snapshot', true)), WATCH_INTERVAL_MS);
    ProcWatch.#timer.unref();
  }

  stop(): void {
    ProcWatch.#started.delete(this);
    if (ProcWatch.#started.size > 0 || ProcWatch.#timer === null) return;
    clearInterval(ProcWatch.#timer);
    ProcWatch.#timer = null;
    lastSeen.clear();
    held.release(true);
  }

  /** Reads every process of the run now; each distinct command line and environment is kept once. */
  snapshot(moment: string): void {
    ProcWatch.#walk([this], moment, false);
  }

  records(): ProcessRecord[] {
    return [...this.#records.values()];
  }

  /** Whether the harness's child `p` is of this run. */
  #claims(p: Seen): boolean {
    // A root may have been seen before the scope adopted it: the roots decide first.
    if (this.#members.has(p.id) || this.roots().includes(p.info.pid)) return true;
    if (this.#strangers.has(p.id)) return false;
    if (mentions(p.info, this.marker)) return true;
    // Not yet exec'd (it still shows the harness itself): what it becomes is decided next time.
    if (harnessState === null || p.state !== harnessState) this.#strangers.add(p.id);
    return false;
  }

  /** One walk for `watches`; `all`: every started watch is in it, so what it did not meet is gone. */
  static #walk(watches: readonly ProcWatch[], moment: string, all: boolean): void {
    if (harnessState === undefined) {
      const self = readProcess(process.pid);
      harnessState = self === null ? null : stateOf(self);
    }
    const alive: { p: Seen; owners: ProcWatch[]; fork: boolean }[] = [];
    const met = new Set<number>();
    for (const pid of childrenOf(process.pid, 'harness', 0)) {
      const p = see(pid);
      if (p === null || p.info.state === 'Z') continue;
      met.add(pid);
      const owners = watches.filter((w) => w.#claims(p));
      if (owners.length > 0) alive.push({ p, owners, fork: false });
    }
    // Descendants join as they are found; the list grows while walked, so grandchildren are reached too.
    for (let i = 0; i < alive.length; i++) {
      const parent = alive[i];
      if (parent === undefined) continue;
      for (const pid of childrenOf(parent.p.info.pid, parent.p.id, parent.p.threads)) {
        const p = see(pid);
        if (p === null || p.info.state === 'Z') continue;
        met.add(pid);
        // Forked, not yet exec'd: it shows the parent's command line and environment, not its own.
        alive.push({ p, owners: parent.owners, fork: p.state === parent.p.state });
      }
    }
    for (const { p, owners, fork } of alive) {
      for (const w of owners) {
        w.#members.add(p.id);
        if (!fork && !w.#records.has(p.key)) w.#records.set(p.key, { ...p.info, moment });
      }
    }
    if (all) for (const pid of lastSeen.keys()) if (!met.has(pid)) lastSeen.delete(pid);
    // Between periodic walks files stay open; a walk of its own (a watch not started) leaves none.
    held.release(ProcWatch.#timer === null);
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
