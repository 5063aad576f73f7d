// Reads the process table from /proc (STDIO-2, STDIO-3, STDIO-5): which processes belong to
// a run (their command line or environment mentions the sandbox, or they live in a host's
// PID namespace), their group, session and environment. Linux only, like the suite's CI.
import { closeSync, openSync, readdirSync, readlinkSync, readSync } from 'node:fs';

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

/** One buffer for every /proc read: /proc files state no size, so readFileSync allocates and stats for each (most are a few hundred bytes). */
let buffer = Buffer.allocUnsafe(64 * 1024);

/** The whole text of an open file, read from its start (latin1: one character per byte). */
export function textFromStart(fd: number): string {
  let length = 0;
  for (;;) {
    if (length === buffer.length) {
      const bigger = Buffer.allocUnsafe(2 * buffer.length);
      buffer.copy(bigger);
      buffer = bigger;
    }
    const n = readSync(fd, buffer, length, buffer.length - length, length);
    if (n === 0) return buffer.toString('latin1', 0, length);
    length += n;
  }
}

export const readProc: ProcRead = (path) => {
  const fd = openSync(path, 'r');
  try {
    return textFromStart(fd);
  } finally {
    closeSync(fd);
  }
};

/** A /proc file's text, or the error code of a read that failed. */
function readText(read: ProcRead, path: string): string | { code: string } {
  try {
    return read(path);
  } catch (error) {
    return { code: (error as NodeJS.ErrnoException).code ?? 'unknown' };
  }
}

const nulList = (text: string): string[] => text.split('\0').filter((s) => s.length > 0);

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

/** Field `n` (1-based, as in proc(5)) of a /proc/PID/stat line, from field 3 on. */
const statField = (stat: string, n: number): number => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[n - 3] ?? -1);

/** Field 22 of /proc/PID/stat: when the process started (clock ticks since boot). */
const startTicks = (stat: string): number => statField(stat, 22);

/** Field 20 of /proc/PID/stat: how many threads the process has. */
export const threadCount = (stat: string): number => statField(stat, 20);

/** /proc/PID/stat of `pid`, or null when it is gone. */
export function readStat(pid: number, read: ProcRead = readProc): string | null {
  const stat = readText(read, `/proc/${pid}/stat`);
  return typeof stat === 'string' ? stat : null;
}

/** The process `pid` is still the one that started at `start`, and not a zombie. */
function sameProcess(read: ProcRead, pid: number, start: number): boolean {
  const stat = readStat(pid, read);
  return stat !== null && startTicks(stat) === start && parseStat(stat)?.state !== 'Z';
}

/** What /proc shows of one process, unparsed: the environment, or why it could not be read. */
export interface ProcTexts {
  stat: string;
  cmdline: string;
  environ: string | { code: string };
}

/** Read twice when refused: a process in the middle of exec may refuse one read and allow the next. */
function readEnviron(read: ProcRead, pid: number): ProcTexts['environ'] {
  const first = readText(read, `/proc/${pid}/environ`);
  return typeof first === 'string' || ENV_GONE.has(first.code) ? first : readText(read, `/proc/${pid}/environ`);
}

/** The stat line, command line and environment of `pid`, in that order; null when it is gone. */
export function readTexts(pid: number, read: ProcRead = readProc): ProcTexts | null {
  const stat = readStat(pid, read);
  if (stat === null) return null;
  const cmdline = readText(read, `/proc/${pid}/cmdline`);
  return typeof cmdline === 'string' ? { stat, cmdline, environ: readEnviron(read, pid) } : null;
}

/** The process `texts` show (a refusal checked against /proc again), or null when it is gone. */
export function infoFrom(pid: number, texts: ProcTexts, read: ProcRead = readProc): Omit<ProcessInfo, 'role'> | null {
  const parsed = parseStat(texts.stat);
  if (parsed === null) return null;
  const start = startTicks(texts.stat);
  const refused = typeof texts.environ !== 'string' && !ENV_GONE.has(texts.environ.code);
  // A process that ended between the reads is simply gone, not one whose environment is hidden.
  if (refused && !sameProcess(read, pid, start)) return null;
  const env: Record<string, string> = {};
  for (const entry of typeof texts.environ === 'string' ? nulList(texts.environ) : []) {
    const eq = entry.indexOf('=');
    if (eq > 0) env[entry.slice(0, eq)] = entry.slice(eq + 1);
  }
  return { pid, ...parsed, start, cmdline: nulList(texts.cmdline), env, ...(refused ? { envUnreadable: true as const } : {}) };
}

/**
 * Process `pid` as /proc shows it now, or null when it is gone. What it showed before it went
 * on exiting (its command line) is kept: a canary there was seen.
 */
export function readProcess(pid: number, read: ProcRead = readProc): Omit<ProcessInfo, 'role'> | null {
  const texts = readTexts(pid, read);
  return texts === null ? null : infoFrom(pid, texts, read);
}

export type RoleOf = (p: Omit<ProcessInfo, 'role'>) => string;

/** Whether the command line or an environment value contains `marker`. */
export const mentions = (p: Pick<ProcessInfo, 'cmdline' | 'env'>, marker: string): boolean =>
  p.cmdline.some((a) => a.includes(marker)) || Object.values(p.env).some((v) => v.includes(marker));

/**
 * Live (non-zombie) processes other than this one that `wanted` picks, classified by `roleOf`.
 * `candidate` rules a process out first by cheap reads (a link, one file) and must keep every
 * process `wanted` could pick: only candidates are read whole, and `wanted` decides on that read.
 */
function scanProcesses(candidate: (pid: number) => boolean, wanted: (p: Omit<ProcessInfo, 'role'>) => boolean, roleOf: RoleOf): ProcessInfo[] {
  const found: ProcessInfo[] = [];
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === process.pid || !candidate(pid)) continue;
    const info = readProcess(pid);
    if (info !== null && info.state !== 'Z' && wanted(info)) found.push({ ...info, role: roleOf(info) });
  }
  return found;
}

/**
 * The marker may be in `pid`'s command line or environment: its raw texts contain it (a value
 * containing it is in the raw text), or one cannot be read (the whole read decides).
 */
function mayMention(pid: number, marker: string): boolean {
  const cmdline = readText(readProc, `/proc/${pid}/cmdline`);
  if (typeof cmdline !== 'string' || cmdline.includes(marker)) return true;
  const environ = readText(readProc, `/proc/${pid}/environ`);
  return typeof environ !== 'string' || environ.includes(marker);
}

/** The PID namespace of a process ("pid:[4026532179]"), or null when it is gone or not readable. */
export function pidNamespaceOf(pid: number): string | null {
  try {
    return readlinkSync(`/proc/${pid}/ns/pid`);
  } catch {
    return null;
  }
}

/**
 * Live processes of a run in one pass: those in one of `namespaces` (nothing a process does
 * takes it out of there), and those whose command line or environment contains `marker` (the
 * sandbox root). The namespace link decides first, then the raw command line and environment.
 */
export function scanScope(namespaces: readonly string[], marker: string | null, roleOf: RoleOf = () => 'other'): ProcessInfo[] {
  const inScope = (pid: number): boolean => namespaces.length > 0 && namespaces.includes(pidNamespaceOf(pid) ?? '');
  return scanProcesses(
    (pid) => inScope(pid) || (marker !== null && mayMention(pid, marker)),
    (p) => inScope(p.pid) || (marker !== null && mentions(p, marker)),
    roleOf,
  );
}

/** Live processes whose command line or environment contains `marker` (the sandbox root). */
export function scanRunProcesses(marker: string, roleOf: RoleOf = () => 'other'): ProcessInfo[] {
  return scanScope([], marker, roleOf);
}

/** Live processes in PID namespace `namespace`. */
export function scanNamespace(namespace: string, roleOf: RoleOf = () => 'other'): ProcessInfo[] {
  return scanScope([namespace], null, roleOf);
}

/** Live direct children of `ppid`. */
export function scanChildren(ppid: number, roleOf: RoleOf = () => 'other'): ProcessInfo[] {
  const childOf = (pid: number): boolean => {
    const stat = readStat(pid);
    return stat !== null && parseStat(stat)?.ppid === ppid;
  };
  return scanProcesses(childOf, (p) => p.ppid === ppid, roleOf);
}

/** True while /proc shows the process alive (zombies count as gone: they hold no resources but a slot). */
export function isAlive(pid: number): boolean {
  const stat = readStat(pid);
  const parsed = stat === null ? null : parseStat(stat);
  return parsed !== null && parsed.state !== 'Z';
}
