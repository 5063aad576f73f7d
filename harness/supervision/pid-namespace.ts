// STDIO-5: hosts run in a PID namespace of their own, so that every process a host starts
// is found and killed, whatever it does. Why a PID namespace (measured on the CI machine):
// - no process can leave its PID namespace: setsid, a double fork, `env -i` and `cd /`
//   change nothing (the /proc scan for the sandbox's path misses such a daemon); a host
//   cannot even signal its supervisor, which lives outside the namespace;
// - a ppid walk loses a double-forked daemon (it is reparented to the machine's init);
// - a child subreaper (prctl) holds orphans only while it lives, and the host can kill it;
// - a cgroup v2 holds them, but a host running as root (as in CI) writes itself out of it
//   with one `echo $$ > .../cgroup.procs`, and it needs a writable cgroup2 mount;
// - when the namespace's pid 1 exits, the kernel kills every process in it: the harness
//   dying (even by SIGKILL) takes the namespace with it.
// It needs CAP_SYS_ADMIN (root, as in CI), util-linux's unshare and mount, and perl (all
// part of Debian). Without them hosts run as before and the report says so (run-metadata).
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { createInterface } from 'node:readline';
import { PassThrough, Readable, type Writable } from 'node:stream';
import { HarnessError } from '../errors.js';
import { hostSpec, parseInitLine, SUPERVISOR, type InitLine } from './namespace-init.js';
import { pollUntil } from './poll.js';
import { isAlive, pidNamespaceOf, scanNamespace } from './proc-scan.js';
import { afterDrain, type ExitStatus, type GroupProcess } from './process-group.js';

export interface NamespaceTools {
  unshare: string;
  perl: string;
  mount: string;
}

export type Containment = { mechanism: 'pid-namespace'; tools: NamespaceTools } | { mechanism: 'process-scan'; reason: string };

/** A host started in a namespace of its own: `pid` is the host; the rest is the harness's. */
export interface NamespacedProcess extends GroupProcess {
  /** "pid:[N]": every process the host starts is in it. */
  namespace: string;
  /** The namespace's pid 1 (ours): killing it kills everything in the namespace. */
  reaper: number;
  /** The supervisor outside the namespace; it exits once nothing is left in it. */
  supervisor: number;
  /** Kills the namespace now (signal handlers: no waiting). */
  killNow(): void;
  /** Kills the namespace and waits until nothing is left in it; returns the pids still alive at the deadline. */
  destroy(deadlineMs?: number): Promise<number[]>;
}

/** The executable `name` on PATH, or null. */
export function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const file = join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return null;
}

/** How a host is started: exactly `env`, in `cwd`, and on the terminal `tty` (a pseudo-terminal's slave path) when given. */
export interface HostStart {
  env: Record<string, string>;
  cwd: string;
  tty?: string;
  /** With `tty`: the token of the mark its session leader writes there once the host exited (pseudo-terminal.ts). */
  exitToken?: string;
  /** A name watch's resolv.conf, bound over /etc/resolv.conf in the host's mount namespace (NET-4). */
  resolvConf?: string;
}

/** The supervisor (namespace-init.ts) in a PID namespace of its own: its children are in the namespace, it is not. */
const inNamespaceArgv = (tools: NamespaceTools): [string, string[]] => [
  tools.unshare,
  ['--pid', '--mount', '--', tools.perl, '-e', SUPERVISOR, '--', tools.mount],
];

/** Runs the supervisor (`program` `args`) and hands it the host to start. */
function startSupervisor([program, args]: [string, string[]], command: string, hostArgs: readonly string[], options: HostStart): ChildProcess {
  const child = spawn(program, args, {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    cwd: '/',
    // A session of its own: nothing the host's terminal group receives reaches the supervisor,
    // and on a terminal the supervisor is that session's leader, as a user's shell is.
    detached: true,
    // On a terminal the host's fds 0-2 are the terminal; the supervisor's own stay unused.
    stdio: options.tty === undefined ? ['pipe', 'pipe', 'pipe', 'pipe'] : ['ignore', 'ignore', 'ignore', 'pipe'],
  });
  child.once('error', () => {});
  const control = child.stdio[3] as Writable | null;
  control?.on('error', () => {});
  control?.write(hostSpec(command, hostArgs, options.env, options.cwd, options.tty, options.resolvConf, options.exitToken));
  return child;
}

/** Reads the supervisor's control lines one at a time; undefined once its socket closed. */
function controlLines(child: ChildProcess): () => Promise<InitLine | null | undefined> {
  const iterator = createInterface({ input: child.stdio[3] as Readable })[Symbol.asyncIterator]();
  return async () => {
    const next = await iterator.next().catch(() => ({ done: true as const, value: undefined }));
    return next.done === true ? undefined : parseInitLine(next.value);
  };
}

function kill(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

let probed: Promise<Containment> | undefined;

/** Whether hosts can run in PID namespaces here: one real start of `true`, once per process. */
export function containment(): Promise<Containment> {
  probed ??= probeContainment({ unshare: onPath('unshare'), perl: onPath('perl'), mount: onPath('mount') });
  return probed;
}

export async function probeContainment(found: { [K in keyof NamespaceTools]: string | null }): Promise<Containment> {
  const missing = Object.entries(found)
    .filter(([, path]) => path === null)
    .map(([name]) => name);
  if (missing.length > 0) return { mechanism: 'process-scan', reason: `${missing.join(', ')} not found on PATH` };
  const tools = found as NamespaceTools;
  const child = startSupervisor(inNamespaceArgv(tools), 'true', [], { env: { PATH: process.env.PATH ?? '' }, cwd: '/' });
  child.stdin?.end();
  child.stdout?.resume();
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const next = controlLines(child);
  const [started, ended] = [await next(), await next()];
  // Our end closed: the namespace's pid 1 exits, then the supervisor.
  child.stdio[3]?.destroy();
  await exited;
  if (started?.kind === 'started' && ended?.kind === 'exited' && ended.status.code === 0) return { mechanism: 'pid-namespace', tools };
  const why = started?.kind === 'error' ? started.message : stderr.trim().split('\n')[0];
  return { mechanism: 'process-scan', reason: `unshare --pid --mount failed: ${why === undefined || why === '' ? 'no answer' : why} (it needs root)` };
}

/**
 * Starts `command` in a new PID namespace with exactly `env`: on pipes as the leader of a new
 * session, on a terminal as the foreground job of the supervisor's session (namespace-init.ts).
 */
export async function spawnInNamespace(tools: NamespaceTools, command: string, args: readonly string[], options: HostStart): Promise<NamespacedProcess> {
  const child = startSupervisor(inNamespaceArgv(tools), command, args, options);
  // On a terminal these are placeholders: the caller reads and writes the terminal instead.
  const [stdin, stdout, stderr] = [child.stdin ?? new PassThrough(), child.stdout ?? Readable.from([]), child.stderr ?? Readable.from([])] as [
    Writable,
    Readable,
    Readable,
  ];
  // A host that exits while we write must not crash the harness.
  stdin.on('error', () => {});
  const supervisorExit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const next = controlLines(child);
  const started = await next();
  const namespace = started?.kind === 'started' ? pidNamespaceOf(started.reaper) : null;
  if (started?.kind !== 'started' || namespace === null) {
    // Our end of the socket closed: the reaper (if any) ends, and the namespace with it.
    child.stdio[3]?.destroy();
    child.kill('SIGKILL');
    throw new HarnessError('HOST_START', `cannot start ${command}: no process was created`);
  }
  const { host, reaper } = started;

  let done = false;
  // No "exited" line: the supervisor was killed, and the namespace with the host in it.
  const exit = next().then((line): ExitStatus => (line?.kind === 'exited' ? line.status : { code: null, signal: 'SIGKILL' }));
  const exited = afterDrain(exit, options.tty === undefined ? [stdout, stderr] : []).then((status) => {
    done = true;
    return status;
  });

  // The reaper's pid could be reused only after it died, and then the namespace is gone already.
  const killReaper = (): void => {
    if (pidNamespaceOf(reaper) === namespace) kill(reaper, 'SIGKILL');
  };
  const killSupervisor = (): void => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  return {
    pid: host,
    stdin,
    stdout,
    stderr,
    exited,
    hasExited: () => done,
    namespace,
    reaper,
    supervisor: child.pid ?? 0,
    killNow() {
      killReaper();
      killSupervisor();
    },
    async destroy(deadlineMs = 2000) {
      const members = scanNamespace(namespace).map((p) => p.pid);
      killReaper();
      // The supervisor waits for the reaper, and the reaper's exit waits for the kernel to
      // have killed everything in the namespace: its exit is the event.
      await Promise.race([supervisorExit, new Promise((resolve) => setTimeout(resolve, deadlineMs).unref())]);
      killSupervisor();
      child.stdio[3]?.destroy();
      let alive = members.filter(isAlive);
      await pollUntil(() => (alive = alive.filter(isAlive)).length === 0, deadlineMs / 4);
      return alive;
    },
  };
}

/** A terminal host outside a PID namespace: `pid` is the host, a foreground job of the supervisor's session. */
export interface JobProcess extends GroupProcess {
  leader: number;
  release(): void;
}

/**
 * Starts `command` on the terminal `options.tty` with exactly `env` as a user's shell runs a
 * command: the supervisor (namespace-init.ts, run by `perl`) leads the session and holds the
 * terminal once the host exited; it ends at `release` (or when the harness kills it).
 */
export async function spawnAsJob(perl: string, command: string, args: readonly string[], options: HostStart & { tty: string }): Promise<JobProcess> {
  const child = startSupervisor([perl, ['-e', SUPERVISOR, '--', '']], command, args, options);
  const next = controlLines(child);
  const started = await next();
  if (started?.kind !== 'started' || child.pid === undefined) {
    child.stdio[3]?.destroy();
    child.kill('SIGKILL');
    throw new HarnessError('HOST_START', `cannot start ${command}: no process was created`);
  }
  let done = false;
  // No "exited" line: the supervisor was killed (the harness killing the run).
  const exited = next().then((line): ExitStatus => {
    done = true;
    return line?.kind === 'exited' ? line.status : { code: null, signal: 'SIGKILL' };
  });
  return {
    pid: started.host,
    leader: child.pid,
    // Placeholders: the caller reads and writes the terminal.
    stdin: new PassThrough(),
    stdout: Readable.from([]),
    stderr: Readable.from([]),
    exited,
    hasExited: () => done,
    release: () => child.stdio[3]?.destroy(),
  };
}
