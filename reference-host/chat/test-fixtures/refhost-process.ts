// The built `refhost` as a child process for end-to-end tests: rebuild when stale, a temp
// HOME with an mcp.json, a screen read with deadlines, and every process group stopped and
// reaped afterwards, the stdio servers' own groups included (STDIO-2, STDIO-5).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseStat } from '../../../harness/supervision/proc-scan.js';
import { requireBuilt } from '../../../harness/vitest/require-built.js';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const DEADLINE_MS = 20_000;
const GROUP_POLL_MS = 10;

/** Refuses to run the end-to-end tests against a bundle older than refhost's sources. */
export function ensureBuilt(): void {
  requireBuilt('dist/refhost.mjs', ['reference-host']);
}

const homes: string[] = [];

/** Removes every temp HOME made so far (after their refhost was stopped). */
export function removeRefhostHomes(): void {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
}

/** A temp HOME whose $XDG_CONFIG_HOME/refhost/mcp.json (mode 0600) holds these servers. */
export function refhostHome(mcpServers: Record<string, unknown>): string {
  const home = mkdtempSync(path.join(tmpdir(), 'refhost-e2e-'));
  homes.push(home);
  const configDir = path.join(home, 'config', 'refhost');
  mkdirSync(configDir, { recursive: true });
  writeFileSync(path.join(configDir, 'mcp.json'), JSON.stringify({ mcpServers }), { mode: 0o600 });
  return home;
}

export interface Screen {
  text(): string;
  /** Resolves once `needle` is on screen `count` times; rejects at the deadline or on exit. */
  waitFor(needle: string, count?: number): Promise<void>;
}

export interface RefhostProcess {
  child: ChildProcessWithoutNullStreams;
  exited: Promise<number | null>;
  screen: Screen;
}

/** Starts bin/refhost.js in its own process group, with only the variables it needs. */
export function startRefhost(home: string, model: { baseUrl: string; apiKey: string }, args: readonly string[] = []): RefhostProcess {
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/refhost.js'), ...args], {
    cwd: home,
    detached: true,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: home,
      XDG_CONFIG_HOME: path.join(home, 'config'),
      XDG_DATA_HOME: path.join(home, 'data'),
      OPENAI_API_KEY: model.apiKey,
      OPENAI_BASE_URL: model.baseUrl,
    },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, screen: screenReader(child) };
}

function screenReader(child: ChildProcessWithoutNullStreams): Screen {
  let text = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    text += chunk;
    child.emit('screen');
  });
  return {
    text: () => text,
    waitFor: (needle, count = 1) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => finish(new Error(`no ${JSON.stringify(needle)} x${count} on screen:\n${text}`)), DEADLINE_MS);
        const check = (): void => {
          if (text.split(needle).length - 1 >= count) finish();
        };
        const finish = (error?: Error): void => {
          clearTimeout(timer);
          child.off('screen', check);
          child.off('exit', onExit);
          if (error) reject(error);
          else resolve();
        };
        const onExit = (): void => finish(new Error(`refhost exited before ${JSON.stringify(needle)}:\n${text}`));
        child.on('screen', check);
        child.on('exit', onExit);
        check();
      }),
  };
}

/** Process groups of the direct children of `pid` (Linux /proc): refhost's stdio servers. */
export function childGroups(pid: number): number[] {
  const groups = new Set<number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = parseStat(readFileSync(`/proc/${entry}/stat`, 'utf8'));
      if (stat?.ppid === pid) groups.add(stat.pgid);
    } catch {
      // The process ended while we looked.
    }
  }
  return [...groups];
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Resolves once no process of these groups exists any more (reaped); rejects at the deadline. */
export async function groupsGone(groups: readonly number[], deadlineMs = DEADLINE_MS): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  // Groups that are not our children cannot be waited on; polling with a deadline is the only way.
  while (groups.some(groupAlive)) {
    if (Date.now() > deadline) throw new Error(`process groups still alive: ${groups.filter(groupAlive).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, GROUP_POLL_MS));
  }
}

function killGroup(pgid: number): void {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // ESRCH: already gone.
  }
}

/** SIGKILLs refhost's group and its stdio servers' groups (found now, or seen earlier:
 * once refhost is gone they are no longer its children), then waits until all are reaped. */
export async function stopRefhost(child: ChildProcessWithoutNullStreams | null, knownGroups: readonly number[] = []): Promise<void> {
  if (child === null || child.pid === undefined) return;
  const groups = [...new Set([child.pid, ...knownGroups, ...childGroups(child.pid)])];
  const running = child.exitCode === null && child.signalCode === null;
  const exited = running ? new Promise((resolve) => child.once('exit', resolve)) : Promise.resolve();
  groups.forEach(killGroup);
  await exited;
  await groupsGone(groups);
}
