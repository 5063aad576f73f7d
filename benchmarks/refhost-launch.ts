// Launches the built reference host in a throw-away HOME/XDG world and times it to its first
// `You> ` prompt (issue 2 targets). Used by refhost.bench.ts; every process it starts is
// stopped by process group, and stragglers of the world are found in /proc and killed.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { killLeftovers } from '../harness/supervision/process-group.js';
import { scanRunProcesses } from '../harness/supervision/proc-scan.js';
import { ROOT, tempDir } from './bench-kit.js';

const PROMPT = 'You> ';
const PROMPT_DEADLINE_MS = 30_000;
const EXIT_DEADLINE_MS = 5_000;

export interface RefhostWorld {
  root: string;
  env: Record<string, string>;
  /** Writes $XDG_CONFIG_HOME/refhost/mcp.json (mode 0600, as refhost itself would). */
  writeServers(servers: Record<string, unknown>): void;
  /** Removes the world after killing anything still running in it. */
  dispose(): Promise<void>;
}

export function createWorld(modelBaseUrl: string): RefhostWorld {
  const root = tempDir('refhost-bench-');
  const dir = (...parts: string[]): string => {
    const path = join(root, ...parts);
    mkdirSync(path, { recursive: true, mode: 0o700 });
    return path;
  };
  const configHome = dir('config');
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    LANG: 'C.UTF-8',
    HOME: dir('home'),
    XDG_CONFIG_HOME: configHome,
    XDG_DATA_HOME: dir('data'),
    XDG_STATE_HOME: dir('state'),
    XDG_CACHE_HOME: dir('cache'),
    TMPDIR: dir('tmp'),
    OPENAI_API_KEY: 'sk-bench-not-a-real-key',
    OPENAI_BASE_URL: modelBaseUrl,
    REFHOST_MODEL: 'mock-model',
  };
  dir('project');
  return {
    root,
    env,
    writeServers(servers) {
      writeFileSync(join(dir('config', 'refhost'), 'mcp.json'), JSON.stringify({ mcpServers: servers }), { mode: 0o600 });
    },
    async dispose() {
      await killLeftovers(scanRunProcesses(root));
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export interface Launch {
  /** Spawn to the first `You> ` on stdout (ms). */
  readyMs: number;
  /** Everything refhost printed up to the prompt. */
  screen: string;
}

function killGroup(pid: number | undefined): void {
  try {
    if (pid !== undefined) process.kill(-pid, 'SIGKILL');
  } catch {
    // ESRCH: the group is already gone.
  }
}

/** One launch of `node bin/refhost.js` to its prompt; then end of input, and the group is stopped. */
export async function launchToPrompt(world: RefhostWorld): Promise<Launch> {
  const begin = performance.now();
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'refhost.js')], { cwd: join(world.root, 'project'), env: world.env, detached: true, stdio: 'pipe' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let screen = '';
  try {
    const readyMs = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`refhost: no "${PROMPT}" within ${PROMPT_DEADLINE_MS} ms; screen:\n${screen}`)), PROMPT_DEADLINE_MS);
      child.stdout.setEncoding('utf8');
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk: string) => (screen += chunk));
      child.stdout.on('data', (chunk: string) => {
        screen += chunk;
        if (screen.includes(PROMPT)) {
          clearTimeout(timer);
          resolve(performance.now() - begin);
        }
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`refhost exited (${code ?? signal}) before "${PROMPT}"; screen:\n${screen}`));
      });
      child.once('error', reject);
    });
    return { readyMs, screen };
  } finally {
    child.stdin.end();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, EXIT_DEADLINE_MS)))]);
    clearTimeout(timer);
    killGroup(child.pid);
    await exited;
  }
}
