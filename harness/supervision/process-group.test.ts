import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, test } from 'vitest';
import { killLeftovers, spawnInGroup, stopGroup, waitGone, type GroupProcess } from './process-group.js';
import { parseStat, scanRunProcesses } from './proc-scan.js';

const started: GroupProcess[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((p) => stopGroup(p, 100)));
});

/**
 * A leader that starts a grandchild in its group, prints READY once the grandchild is running
 * sleep (a process caught between fork and exec cannot always be read in /proc), then waits.
 */
function leaderWithGrandchild(marker: string): GroupProcess {
  const proc = spawnInGroup('sh', ['-c', 'sleep 60 & until [ "$(cat /proc/$!/comm 2>/dev/null)" = sleep ]; do :; done; echo READY; wait'], {
    env: { PATH: process.env.PATH ?? '', MARK: marker },
    cwd: '/',
  });
  started.push(proc);
  return proc;
}

const ready = (proc: GroupProcess): Promise<void> =>
  new Promise((resolve) => proc.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('READY') && resolve()));

describe('process supervision', () => {
  test('the /proc scan finds the leader and its grandchild by a marker in their environment', async () => {
    const marker = `mark-${randomBytes(6).toString('hex')}`;
    const proc = leaderWithGrandchild(marker);
    await ready(proc);
    const found = scanRunProcesses(marker);
    expect(found.map((p) => p.pgid)).toEqual(found.map(() => proc.pid));
    expect(found.length).toBe(2);
  });

  test('stopping a group kills and reaps the leader and the grandchild', async () => {
    const marker = `mark-${randomBytes(6).toString('hex')}`;
    const proc = leaderWithGrandchild(marker);
    await ready(proc);
    const pids = scanRunProcesses(marker).map((p) => p.pid);
    const exit = await stopGroup(proc, 500);
    expect(exit.signal ?? exit.code).toBeTruthy();
    expect(await waitGone(pids, 2000)).toEqual([]);
  });

  test('leftovers in a group of their own are killed', async () => {
    const marker = `mark-${randomBytes(6).toString('hex')}`;
    const orphan = spawn('sleep', ['60'], { detached: true, stdio: 'ignore', env: { PATH: process.env.PATH ?? '', MARK: marker } });
    const leftovers = scanRunProcesses(marker);
    expect(leftovers.map((p) => p.pid)).toEqual([orphan.pid]);
    expect(await killLeftovers(leftovers)).toEqual([]);
  });

  test('stat lines are parsed after the last parenthesis of the command name', () => {
    expect(parseStat('42 (a (b) c) S 1 42 42 0 -1')).toEqual({ state: 'S', ppid: 1, pgid: 42, sid: 42 });
  });
});
