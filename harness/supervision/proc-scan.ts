// Reads the process table from /proc (STDIO-2, STDIO-3, STDIO-5): which processes belong to
// a run (their command line or environment mentions the sandbox, or they live in a host's
// PID namespace), their group, session and environment. Linux only, like the suite's CI.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

export interface ProcessInfo {
  pid: number;
  ppid: number;
  pgid: number;
  sid: number;
  /** Single-letter state from /proc/PID/stat (R, S, Z ...). */
  state: string;
  /** Start time (clock ticks since boot): with the pid, the process's identity (pids are reused). */
  start: number;
  cmdline: string[];
  env: Record<string, string>;
  /** "host" or "server:NAME" (proc-watch.ts assignRoles), "other" until a classifier decided. */
  role: string;
  /** /proc/PID/environ was refused (another user's process): `env` is empty, not known. An exiting process's is empty, and known. */
  envUnreadable?: true;
}

/** Reads /proc files; a seam for tests (a process caught mid-exit cannot be made on demand). */
export type ProcRead = (path: string) => string;
const readProc: ProcRead = (path) => readFileSync(path, 'latin1');

/** The entries of a NUL-separated /proc file, or the error code of a read that failed. */
function readNulList(read: ProcRead, path: string): string[] | { code: string } {
  try {
    return read(path).split('\0').filter((s) => s.length > 0);
  } catch (error) {
    return { code: (error as NodeJS.ErrnoException).code ?? 'unknown' };
  }
}

/**
 * ESRCH: the process has no address space left, so no environment (it is exiting: between
 * releasing its memory and becoming a zombie it still looks alive); ENOENT: it is gone.
 * Either way nothing is hidden from the scan. Anything else (EACCES) is a refusal.
 */
const ENV_GONE = new Set(['ESRCH', 'ENOENT']);

/** Parses /proc/PID/stat; the command name may hold spaces and parentheses, so split after the last ')'. */
export function parseStat(stat: string): { state: string; ppid: number; pgid: number; sid: number } | null {
  const close = stat.lastIndexOf(')');
  if (close < 0) return null;
  const [state, ppid, pgid, sid] = stat.slice(close + 2).split(' ');
  if (state === undefined || ppid === undefined || pgid === undefined || sid === undefined) return null;
  return { state, ppid: Number(ppid), pgid: Number(pgid), sid: Number(sid) };
}

/** Field 22 of /proc/PID/stat: when the process started (clock ticks since boot). */
const startTicks = (stat: string): number => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? -1);

/** The process `pid` is still the one that started at `start`, and not a zombie. */
function sameProcess(read: ProcRead, pid: number, start: number): boolean {
  try {
    const stat = read(`/proc/${pid}/stat`);
    return startTicks(stat) === start && parseStat(stat)?.state !== 'Z';
  } catch {
    return false;
  }
}

/**
 * Process `pid` as /proc shows it now, or null when it is gone. What it showed before it went
 * on exiting (its command line) is kept: a canary there was seen.
 */
export function readProcess(pid: number, read: ProcRead = readProc): Omit<ProcessInfo, 'role'> | null {
  let stat: string;
  try {
    stat = read(`/proc/${pid}/stat`);
  } catch {
    return null;
  }
  const parsed = parseStat(stat);
  const start = startTicks(stat);
  const cmdline = readNulList(read, `/proc/${pid}/cmdline`);
  if (parsed === null || !Array.isArray(cmdline)) return null;
  const environ = (): string[] | { code: string } => readNulList(read, `/proc/${pid}/environ`);
  // Read twice: a process in the middle of exec may refuse one read and allow the next.
  const first = environ();
  const envList = Array.isArray(first) || ENV_GONE.has(first.code) ? first : environ();
  const refused = !Array.isArray(envList) && !ENV_GONE.has(envList.code);
  // A process that ended between the reads is simply gone, not one whose environment is hidden.
  if (refused && !sameProcess(read, pid, start)) return null;
  const env: Record<string, string> = {};
  for (const entry of Array.isArray(envList) ? envList : []) {
    const eq = entry.indexOf('=');
    if (eq > 0) env[entry.slice(0, eq)] = entry.slice(eq + 1);
  }
  return { pid, ...parsed, start, cmdline, env, ...(refused ? { envUnreadable: true as const } : {}) };
}

export type RoleOf = (p: Omit<ProcessInfo, 'role'>) => string;

/** Live (non-zombie) processes other than this one that `wanted` picks, classified by `roleOf`. */
function scanProcesses(wanted: (p: Omit<ProcessInfo, 'role'>) => boolean, roleOf: RoleOf): ProcessInfo[] {
  const found: ProcessInfo[] = [];
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    const info = readProcess(pid);
    if (info !== null && info.state !== 'Z' && wanted(info)) found.push({ ...info, role: roleOf(info) });
  }
  return found;
}

/** Live processes whose command line or environment contains `marker` (the sandbox root). */
export function scanRunProcesses(marker: string, roleOf: RoleOf = () => 'other'): ProcessInfo[] {
  return scanProcesses((p) => p.cmdline.some((a) => a.includes(marker)) || Object.values(p.env).some((v) => v.includes(marker)), roleOf);
}

/** The PID namespace of a process ("pid:[4026532179]"), or null when it is gone or not readable. */
export function pidNamespaceOf(pid: number): string | null {
  try {
    return readlinkSync(`/proc/${pid}/ns/pid`);
  } catch {
    return null;
  }
}

/** Live processes in PID namespace `namespace`: nothing a process does takes it out of there. */
export function scanNamespace(namespace: string, roleOf: RoleOf = () => 'other'): ProcessInfo[] {
  return scanProcesses((p) => pidNamespaceOf(p.pid) === namespace, roleOf);
}

/** Live direct children of `ppid`. */
export function scanChildren(ppid: number, roleOf: RoleOf = () => 'other'): ProcessInfo[] {
  return scanProcesses((p) => p.ppid === ppid, roleOf);
}

/** True while /proc shows the process alive (zombies count as gone: they hold no resources but a slot). */
export function isAlive(pid: number): boolean {
  const info = readProcess(pid);
  return info !== null && info.state !== 'Z';
}
