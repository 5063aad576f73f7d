// STDIO-5 and the suite's own hygiene: everything a host starts during one scenario (or one
// preflight) belongs to a scope. Hosts started inside `scope.run(...)` go into PID
// namespaces of their own when this machine allows it (pid-namespace.ts), else into plain
// process groups, found afterwards only by the sandbox's path. The scope lists what is left
// when the host is gone and kills it all at close. A SIGINT or SIGTERM to this process
// kills every open scope's processes at once; the process then dies of the signal as it
// would have, unless someone else (the CLI) handles that signal.
import { AsyncLocalStorage } from 'node:async_hooks';
import { containment, onPath, spawnAsJob, spawnInNamespace, type HostStart, type NamespacedProcess, type NamespaceTools } from './pid-namespace.js';
import { scanScope, type ProcessInfo, type RoleOf } from './proc-scan.js';
import { spawnInGroup, waitGone, type GroupProcess } from './process-group.js';
import { HarnessError } from '../errors.js';
import { onTerminal, openTerminal, TERMINAL_NAME } from './pseudo-terminal.js';

const current = new AsyncLocalStorage<ProcessScope>();
const live = new Set<ProcessScope>();
const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

function killGroup(pgid: number): void {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // the group is empty
  }
}

function onSignal(signal: NodeJS.Signals): void {
  for (const scope of live) scope.killNow();
  live.clear();
  for (const s of SIGNALS) process.off(s, onSignal);
  // Nobody else handles it: end as the signal would have ended us.
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

function watchSignals(): void {
  const watching = process.listeners('SIGINT').includes(onSignal);
  if (live.size > 0 && !watching) for (const s of SIGNALS) process.on(s, onSignal);
  if (live.size === 0 && watching) for (const s of SIGNALS) process.off(s, onSignal);
}

export class ProcessScope {
  /** @param resolvConf where the scope's hosts look names up (sandbox/name-watch.ts); absent = the machine's resolver. */
  constructor(readonly resolvConf?: string) {}

  readonly #namespaces: NamespacedProcess[] = [];
  readonly #groups: GroupProcess[] = [];
  #closed = false;

  /** Runs `fn` with this scope as the one host processes started inside it belong to. */
  run<T>(fn: () => Promise<T>): Promise<T> {
    return current.run(this, fn);
  }

  /** Takes a process spawnHost started in this scope. */
  adopt(proc: GroupProcess | NamespacedProcess): void {
    if ('namespace' in proc) this.#namespaces.push(proc);
    else this.#groups.push(proc);
    live.add(this);
    watchSignals();
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** The processes this scope started directly (a namespace's supervisor, a terminal host's session leader, a group's leader): everything of the run descends from them. */
  roots(): number[] {
    return [...this.#namespaces.map((n) => n.supervisor), ...this.#groups.map((g) => g.leader ?? g.pid)];
  }

  /** The harness's own processes in the scope (supervisors, reapers, session leaders): never a leftover of a host. */
  #own(): Set<number> {
    return new Set([...this.#namespaces.flatMap((n) => [n.reaper, n.supervisor]), ...this.#groups.flatMap((g) => (g.leader === undefined ? [] : [g.leader]))]);
  }

  /**
   * Processes of the scope still alive after `graceMs`: everything in its hosts' namespaces,
   * and whatever names `marker` (the sandbox root) in its command line or environment.
   */
  async leftovers(marker: string, roleOf: RoleOf, graceMs: number): Promise<ProcessInfo[]> {
    const ours = this.#own();
    const found = new Map<number, ProcessInfo>();
    for (const p of scanScope(
      this.#namespaces.map((n) => n.namespace),
      marker,
      roleOf,
    ))
      if (!ours.has(p.pid)) found.set(p.pid, p);
    if (found.size === 0) return [];
    const alive = new Set(await waitGone([...found.keys()], graceMs));
    return [...found.values()].filter((p) => alive.has(p.pid));
  }

  /** Kills everything of the scope now, without waiting (signal handlers). */
  killNow(): void {
    for (const n of this.#namespaces) n.killNow();
    for (const g of this.#groups) killGroup(g.pid);
    for (const g of this.#groups) if (g.leader !== undefined) killGroup(g.leader);
    for (const p of [...this.#namespaces, ...this.#groups]) p.release?.();
  }

  /** Kills everything of the scope and waits for it to be gone; returns the pids still alive. */
  async close(deadlineMs = 2000): Promise<number[]> {
    this.#closed = true;
    for (const g of this.#groups) killGroup(g.pid);
    // A terminal host's session leader last: it held the terminal for what the host left.
    for (const g of this.#groups) if (g.leader !== undefined) killGroup(g.leader);
    const survivors = (await Promise.all(this.#namespaces.map((n) => n.destroy(deadlineMs)))).flat();
    const groups = await waitGone(
      this.#groups.flatMap((g) => (g.leader === undefined ? [g.pid] : [g.pid, g.leader])),
      deadlineMs,
    );
    // Every process is gone: the terminals close.
    for (const p of [...this.#namespaces, ...this.#groups]) p.release?.();
    live.delete(this);
    watchSignals();
    return [...survivors, ...groups];
  }
}

/** How a host's screen and keyboard are connected: pipes, or a pseudo-terminal (pseudo-terminal.ts). */
export type TerminalKind = 'pty' | 'pipes';

/**
 * Starts a host process (a host, its own server commands, an app server) with exactly `env`
 * (plus TERM on a terminal): on pipes as the leader of a new session and process group, on a
 * terminal as a user's shell runs a command (a job in a group of its own, the terminal's
 * foreground group, under a session leader that is not the host: namespace-init.ts). Inside a
 * scope it goes into a PID namespace of its own where the machine allows it, and the scope
 * keeps its terminal open until it closes; outside any scope it is a plain group.
 */
export async function spawnHost(
  command: string,
  args: readonly string[],
  options: { env: Record<string, string>; cwd: string; terminal?: TerminalKind },
): Promise<GroupProcess> {
  const onPty = options.terminal === 'pty';
  const start = { env: onPty ? { ...options.env, TERM: TERMINAL_NAME } : options.env, cwd: options.cwd };
  const scope = current.getStore();
  const owned = scope !== undefined && !scope.closed;
  const plain = (): Promise<GroupProcess> => (onPty ? spawnOnTerminal(command, args, start, !owned) : Promise.resolve(spawnInGroup(command, args, start)));
  if (!owned) return plain();
  const how = await containment();
  const proc =
    how.mechanism === 'pid-namespace'
      ? await inNamespace(how.tools, command, args, { ...start, ...(scope.resolvConf === undefined ? {} : { resolvConf: scope.resolvConf }) }, onPty)
      : await plain();
  scope.adopt(proc);
  return proc;
}

/** `start`s a host on a fresh terminal; the harness's own slave fd is closed once the host holds its own (or never will). */
async function withTerminal<T extends GroupProcess>(
  start: (on: { tty: string; exitToken: string }) => Promise<T>,
  closeOnExit: boolean,
): Promise<T & { release(): void }> {
  const term = openTerminal();
  try {
    return onTerminal(await start({ tty: term.path, exitToken: term.exitToken }), term, closeOnExit);
  } catch (error) {
    term.close();
    throw error;
  } finally {
    term.releaseSlave();
  }
}

async function inNamespace(
  tools: NamespaceTools,
  command: string,
  args: readonly string[],
  start: HostStart,
  onPty: boolean,
): Promise<GroupProcess | NamespacedProcess> {
  if (!onPty) return spawnInNamespace(tools, command, args, start);
  return withTerminal((on) => spawnInNamespace(tools, command, args, { ...start, ...on }), false);
}

/**
 * Outside a PID namespace: a terminal host as a job of the supervisor's session. Its owner
 * (a scope) releases its terminal and session leader; without one (`closeOnExit`) they end
 * once the host exited.
 */
export async function spawnOnTerminal(command: string, args: readonly string[], start: HostStart, closeOnExit: boolean): Promise<GroupProcess> {
  const perl = onPath('perl');
  if (perl === null)
    throw new HarnessError('HOST_START', `cannot start ${command} on a terminal: its session leader is a perl script, and perl is not on PATH`);
  return withTerminal((on) => spawnAsJob(perl, command, args, { ...start, ...on }), closeOnExit);
}
