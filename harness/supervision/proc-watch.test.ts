import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, test } from 'vitest';
import { spawnInGroup, stopGroup, type GroupProcess } from './process-group.js';
import { assignRoles, ProcWatch, WATCH_INTERVAL_MS, type ProcessRecord } from './proc-watch.js';

const started: GroupProcess[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((p) => stopGroup(p, 100)));
});

const run = (command: string, args: string[], env: Record<string, string>): GroupProcess => {
  const proc = spawnInGroup(command, args, { env: { PATH: process.env.PATH ?? '', ...env }, cwd: '/' });
  started.push(proc);
  return proc;
};
const start = (script: string, env: Record<string, string>): GroupProcess => run('sh', ['-c', script], env);

const printed = (proc: GroupProcess, text: string): Promise<void> =>
  new Promise((resolve) => proc.stdout.on('data', (chunk: Buffer) => chunk.toString().includes(text) && resolve()));

describe('the process watch', () => {
  test('a child gone by the end is still recorded with its command line, from the snapshot taken while it lived', async () => {
    const marker = `mark-${randomBytes(6).toString('hex')}`;
    // The host (marked by its environment) runs a child whose command line holds a "secret"; the child ends on a line of input.
    const host = start(`sh -c 'echo READY; read x' secret-arg-${marker}; echo GONE; read y`, { MARK: marker });
    const stranger = start('echo READY; read z', { OTHER: 'not this run' });
    await Promise.all([printed(host, 'READY'), printed(stranger, 'READY')]);
    const watch = new ProcWatch(marker);
    watch.snapshot('approval #1 shown');
    const gone = printed(host, 'GONE');
    host.stdin.write('\n');
    await gone;
    watch.snapshot('end of the user script');
    const records = watch.records();
    expect(records.find((r) => r.cmdline.includes(`secret-arg-${marker}`))?.moment).toBe('approval #1 shown');
    expect(records.some((r) => r.pid === stranger.pid)).toBe(false);
    expect(records.filter((r) => r.pid === host.pid).map((r) => [r.env.MARK, r.moment])).toEqual([[marker, 'approval #1 shown']]);
  });

  test("a forked child that has not exec'd is not recorded on its own (it shows its parent's command line and environment)", async () => {
    const marker = `mark-${randomBytes(6).toString('hex')}`;
    // The subshell is a fork of the shell that never execs; `read` keeps both alive.
    const host = start('(echo READY; read x); read y', { MARK: marker });
    await printed(host, 'READY');
    const watch = new ProcWatch(marker);
    watch.snapshot('end of the user script');
    expect(watch.records().map((r) => r.pid)).toEqual([host.pid]);
  });

  test("watches started together are walked every interval, each keeping only its own run's processes", async () => {
    const [one, two] = [`mark-${randomBytes(6).toString('hex')}`, `mark-${randomBytes(6).toString('hex')}`];
    const hosts = [
      start(`sh -c 'echo READY; read x' child-of-${one}; read y`, { MARK: one }),
      start(`sh -c 'echo READY; read x' child-of-${two}; read y`, { MARK: two }),
    ];
    await Promise.all(hosts.map((h) => printed(h, 'READY')));
    const watches = [new ProcWatch(one), new ProcWatch(two)];
    for (const w of watches) w.start();
    await new Promise((resolve) => setTimeout(resolve, 3 * WATCH_INTERVAL_MS));
    for (const w of watches) w.stop();
    const seen = watches.map((w, i) => w.records().map((r) => [r.pid === hosts[i]?.pid ? 'host' : r.cmdline.at(-1), r.moment]));
    expect(seen).toEqual([
      [
        ['host', 'periodic snapshot'],
        [`child-of-${one}`, 'periodic snapshot'],
      ],
      [
        ['host', 'periodic snapshot'],
        [`child-of-${two}`, 'periodic snapshot'],
      ],
    ]);
  });

  test('a child started by another thread of a host is found (each thread has its own list of children)', async () => {
    const marker = `mark-${randomBytes(6).toString('hex')}`;
    const worker = `require('node:child_process').spawn('sh', ['-c', 'echo READY; read x', 'from-a-thread'], { stdio: 'inherit' })`;
    const host = run(process.execPath, ['-e', `new (require('node:worker_threads').Worker)(${JSON.stringify(worker)}, { eval: true })`], { MARK: marker });
    await printed(host, 'READY');
    const watch = new ProcWatch(marker);
    watch.snapshot('approval #1 shown');
    expect(watch.records().some((r) => r.cmdline.at(-1) === 'from-a-thread')).toBe(true);
  });

  test('a process that executes itself again with the same command line and another environment is recorded again', async () => {
    const marker = `mark-${randomBytes(6).toString('hex')}`;
    const script =
      '$| = 1; print "STAGE=", ($ENV{STAGE} // "one"), "\\n"; <STDIN>; if (!defined $ENV{STAGE}) { $ENV{STAGE} = "two"; exec { $^X } "perl", "-e", $ENV{SCRIPT} }';
    const host = run('perl', ['-e', script], { MARK: marker, SCRIPT: script });
    host.stdout.setEncoding('utf8');
    await printed(host, 'STAGE=one');
    const watch = new ProcWatch(marker);
    watch.snapshot('prompt #1 shown');
    const two = printed(host, 'STAGE=two');
    host.stdin.write('\n');
    await two;
    watch.snapshot('prompt #2 shown');
    expect(watch.records().map((r) => [r.cmdline.length, r.env.STAGE, r.moment])).toEqual([
      [3, undefined, 'prompt #1 shown'],
      [3, 'two', 'prompt #2 shown'],
    ]);
  });
});

const record = (pid: number, ppid: number, pgid: number, cmd: string, start = pid): ProcessRecord => ({
  pid,
  ppid,
  pgid,
  sid: pgid,
  state: 'S',
  start,
  cmdline: [cmd],
  env: {},
  moment: 'test',
});

describe('process roles', () => {
  const serverOf = (p: ProcessRecord): string | null => (p.cmdline[0] === 'server-docs' ? 'server:docs' : null);

  test('a stdio server, its children and a child left in its group are the server; everything else is the host', () => {
    const roles = assignRoles(
      [
        record(10, 1, 10, 'host'),
        record(11, 10, 11, 'server-docs'),
        record(12, 11, 11, 'server child'),
        record(13, 1, 11, 'reparented child'),
        record(14, 10, 10, 'host helper'),
      ],
      serverOf,
    );
    expect(roles.map((p) => [p.cmdline[0], p.role])).toEqual([
      ['host', 'host'],
      ['server-docs', 'server:docs'],
      ['server child', 'server:docs'],
      ['reparented child', 'server:docs'],
      ['host helper', 'host'],
    ]);
  });

  test('a reused pid is another process: the host started after a server of the same pid died is the host', () => {
    const roles = assignRoles([record(20, 10, 20, 'server-docs', 100), record(20, 1, 20, 'host', 900), record(21, 20, 20, 'host helper', 950)], serverOf);
    expect(roles.map((p) => p.role)).toEqual(['server:docs', 'host', 'host']);
  });

  test("a server in the host's own group does not make the host's processes the server's", () => {
    const roles = assignRoles([record(10, 1, 10, 'host'), record(11, 10, 10, 'server-docs'), record(14, 10, 10, 'host helper')], serverOf);
    expect(roles.map((p) => p.role)).toEqual(['host', 'server:docs', 'host']);
  });
});
