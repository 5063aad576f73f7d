// STDIO-5: a crash of the host's own code still stops every stdio server group.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { isRunning, readInfo } from './test-fixtures/process-state.js';

const HOST = fileURLToPath(new URL('./test-fixtures/crashing-host.ts', import.meta.url));
let dir = '';
let hostPid: number | undefined;

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

afterEach(() => {
  // Even when the test fails, neither the host's group nor the server's group outlives it.
  if (hostPid !== undefined) killGroup(hostPid);
  if (existsSync(join(dir, 'info.json'))) killGroup(readInfo(join(dir, 'info.json')).pgid);
  rmSync(dir, { recursive: true, force: true });
});

/** The killed processes are not our children: no event reports their end, so poll to a deadline. */
async function gone(pid: number, deadlineMs: number): Promise<boolean> {
  const end = Date.now() + deadlineMs;
  while (isRunning(pid) && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
  return !isRunning(pid);
}

it('kills every live server group when the host process dies of an uncaught exception', async () => {
  dir = mkdtempSync(join(tmpdir(), 'refhost-exit-'));
  const info = join(dir, 'info.json');
  const host = spawn(process.execPath, ['--import', 'tsx', HOST, info], { detached: true, stdio: 'ignore' });
  hostPid = host.pid;
  const [code] = (await once(host, 'exit')) as [number | null];
  expect(code).toBe(1);
  const { pid, grandchild } = readInfo(info);
  expect(await gone(pid, 3000)).toBe(true);
  expect(await gone(grandchild, 3000)).toBe(true);
});
