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
  /** /proc/PID/environ could not be read (another user's process): `env` is empty, not known. */
  envUnreadable?: true;
}

function readNulList(path: string): string[] | null {
  try {
    return readFileSync(path, 'latin1').split('\0').filter((s) => s.length > 0);
  } catch {
    return null; // gone or not ours
  }
}

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
function sameProcess(pid: number, start: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return startTicks(stat) === start && parseStat(stat)?.state !== 'Z';
  } catch {
    return false;
  }
}

export function readProcess(pid: number): Omit<ProcessInfo, 'role'> | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
  } catch {
    return null;
  }
  const parsed = parseStat(stat);
  const start = startTicks(stat);
  const cmdline = readNulList(`/proc/${pid}/cmdline`);
  if (parsed === null || cmdline === null) return null;
  // Read twice: a process in the middle of exec or exit may refuse one read and allow the next.
  const envList = readNulList(`/proc/${pid}/environ`) ?? readNulList(`/proc/${pid}/environ`);
  // A process that ended between the reads is simply gone, not one whose environment is hidden.
  if (envList === null && !sameProcess(pid, start)) return null;
  const env: Record<string, string> = {};
  for (const entry of envList ?? []) {
    const eq = entry.indexOf('=');
    if (eq > 0) env[entry.slice(0, eq)] = entry.slice(eq + 1);
  }
  return { pid, ...parsed, start, cmdline, env, ...(envList === null ? { envUnreadable: true as const } : {}) };
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
