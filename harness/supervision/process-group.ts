// Process supervision (STDIO-5 and the suite's own hygiene): a host runs in its own process
// group; stopping it kills the whole group (SIGTERM, a grace deadline, then SIGKILL) and
// reaps the leader. Leftovers found by a /proc scan are killed the same way.
import { spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { HarnessError } from '../errors.js';
import { isAlive, parseStat, readStat, type ProcessInfo } from './proc-scan.js';
import { pollUntil } from './poll.js';

export interface ExitStatus {
  code: number | null;
  signal: string | null;
}

export interface GroupProcess {
  pid: number;
  stdin: Writable;
  stdout: Readable;
  stderr: Readable;
  /** Resolves once the process has exited and been reaped. */
  exited: Promise<ExitStatus>;
  hasExited(): boolean;
  /** Present when the host runs on a pseudo-terminal (stdin and stdout are then its master side, stderr empty). */
  terminal?: { cols: number; rows: number };
  /** A terminal host outside a PID namespace: the session leader it runs under (namespace-init.ts), which outlives it. */
  leader?: number;
  /** Ends what the harness keeps beyond the process's exit (its terminal, its session leader): its owner calls it once everything of the run is gone. */
  release?(): void;
}

/** After a process exited, how long its output may take to drain: a process it left behind may hold the pipes open. */
const DRAIN_MS = 500;

/** `exit`, once `streams` closed too, or DRAIN_MS after the exit when something else holds them open. */
export async function afterDrain(exit: Promise<ExitStatus>, streams: readonly Readable[]): Promise<ExitStatus> {
  const status = await exit;
  const closed = Promise.all(streams.map((s) => (s.destroyed ? null : new Promise((resolve) => s.once('close', resolve)))));
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, DRAIN_MS).unref())]);
  return status;
}

/** Starts `command` as the leader of a new process group with exactly `env` (nothing inherited). */
export function spawnInGroup(command: string, args: readonly string[], options: { env: Record<string, string>; cwd: string }): GroupProcess {
  // The harness decides when to kill, always by group.
  const child = spawn(command, args, { env: options.env, cwd: options.cwd, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
  child.once('error', () => {});
  if (child.pid === undefined) throw new HarnessError('HOST_START', `cannot start ${command}: no process was created`);
  // A host that exits while we write must not crash the harness.
  child.stdin.on('error', () => {});
  let done = false;
  const exit = new Promise<ExitStatus>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const exited = afterDrain(exit, [child.stdout, child.stderr]).then((status) => {
    done = true;
    return status;
  });
  return { pid: child.pid, stdin: child.stdin, stdout: child.stdout, stderr: child.stderr, exited, hasExited: () => done };
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: the group is already empty.
  }
}

function deadline<T>(promise: Promise<T>, ms: number): Promise<T | 'deadline'> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<'deadline'>((resolve) => {
    timer = setTimeout(() => resolve('deadline'), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

/**
 * A signal to a host as a process manager sends it: to its leader only, except SIGKILL, which
 * goes to the whole group (a crash takes the whole program; a launcher cannot forward SIGKILL).
 */
export function signalHost(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(signal === 'SIGKILL' ? -pid : pid, signal);
  } catch {
    // already gone
  }
}

/** Kills the group led by `proc` (SIGTERM, then SIGKILL after graceMs) and waits until it is reaped. */
export async function stopGroup(proc: GroupProcess, graceMs = 1000): Promise<ExitStatus> {
  if (!proc.hasExited()) {
    signalGroup(proc.pid, 'SIGTERM');
    if ((await deadline(proc.exited, graceMs)) === 'deadline') signalGroup(proc.pid, 'SIGKILL');
  }
  // Members that outlived their leader (same group) go too.
  signalGroup(proc.pid, 'SIGKILL');
  return proc.exited;
}

/**
 * Polls /proc until none of `pids` is alive or the deadline passes; returns those still alive.
 * There is no exit event for processes that are not our children, so /proc is the event source.
 */
export async function waitGone(pids: readonly number[], deadlineMs: number, pollMs = 10): Promise<number[]> {
  let alive = pids.filter(isAlive);
  await pollUntil(() => (alive = alive.filter(isAlive)).length === 0, deadlineMs, pollMs);
  return alive;
}

/** Kills leftover processes and their groups with SIGKILL and waits for them to disappear. */
export async function killLeftovers(leftovers: readonly ProcessInfo[], deadlineMs = 2000): Promise<number[]> {
  const own = readStat(process.pid);
  const ownGroup = own === null ? undefined : parseStat(own)?.pgid;
  for (const p of leftovers) {
    // Never our own group: a leftover that shares it would take the harness down with it.
    if (p.pgid !== ownGroup) signalGroup(p.pgid, 'SIGKILL');
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  return waitGone(
    leftovers.map((p) => p.pid),
    deadlineMs,
  );
}
