// Issue 15 item 5 and STDIO-5: hosts on a pseudo-terminal are supervised as on pipes (their
// group, their PID namespace) and nothing of them is left on any path: the host exiting
// first, the host killed while a child holds the terminal, and outside any scope. The
// terminal itself is closed too. Without node-pty, one line says why.
// Issue 23 item 6, the user's set-up: a terminal host runs as a user's shell runs a command,
// a job (its own group, the terminal's foreground group) under a session leader that is not
// the host, which takes the terminal back when the host exits; so a child the host left in
// its own group is not hung up by the kernel and outlives it, as on a user's machine.
import { readdirSync, readlinkSync } from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import { containment } from './pid-namespace.js';
import { isAlive, readStat } from './proc-scan.js';
import { stopGroup, waitGone, type GroupProcess } from './process-group.js';
import { ProcessScope, spawnHost, spawnOnTerminal } from './process-scope.js';
import { loadNodePty } from './pseudo-terminal.js';

const how = await containment();
const scopes: ProcessScope[] = [];
afterEach(async () => {
  await Promise.all(scopes.splice(0).map((s) => s.close()));
});

/** Terminal masters this process holds open. */
function openMasters(): number {
  return readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === '/dev/ptmx';
    } catch {
      return false;
    }
  }).length;
}

function screenOf(proc: GroupProcess): { text: () => string; line: (re: RegExp) => Promise<RegExpExecArray> } {
  let text = '';
  const waiting: (() => void)[] = [];
  proc.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    text += chunk;
    for (const w of waiting.splice(0)) w();
  });
  const line = (re: RegExp): Promise<RegExpExecArray> =>
    new Promise((resolve) => {
      const look = (): void => {
        const m = re.exec(text);
        if (m !== null) resolve(m);
        else waiting.push(look);
      };
      look();
    });
  return { text: () => text, line };
}

async function inScope(script: string): Promise<{ scope: ProcessScope; proc: GroupProcess }> {
  const scope = new ProcessScope();
  scopes.push(scope);
  const proc = await scope.run(() => spawnHost('sh', ['-c', script], { env: { PATH: process.env.PATH ?? '' }, cwd: '/tmp', terminal: 'pty' }));
  return { scope, proc };
}

/** Session, process group and the terminal's foreground group of `pid` (fields 6, 5 and 8 of /proc/PID/stat). */
function jobOf(pid: number): { sid: number; pgid: number; foreground: number } {
  const fields = (readStat(pid) ?? '')
    .slice((readStat(pid) ?? '').lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  return { pgid: fields[2] ?? -1, sid: fields[3] ?? -1, foreground: fields[5] ?? -1 };
}

/** A host that leaves `sleep 60` in its own group (no trap: a hang-up would kill it), says so, and exits 4 after one line. */
const CARELESS = 'sleep 60 & echo "child $! on $(tty)"; read line; exit 4';

describe('node-pty', () => {
  test('that cannot be loaded is one line naming the way out, no stack', () => {
    const missing = (): never => {
      throw new Error("Cannot find module 'node-pty'\nRequire stack:\n- /x/y.js");
    };
    expect(() => loadNodePty(missing)).toThrow(
      /^this host profile asks for "terminal": "pty", but node-pty cannot be loaded here \(Cannot find module 'node-pty'\); install node-pty 1\.1\.0 or set "terminal": "pipes"$/,
    );
  });
});

describe.runIf(how.mechanism === 'pid-namespace')('terminal hosts in PID namespaces', () => {
  test('the host is the foreground job of a session it does not lead; the child it left in its group outlives it, holding the terminal, until the scope closes', async () => {
    const before = openMasters();
    const { scope, proc } = await inScope(CARELESS);
    const screen = screenOf(proc);
    const [, , tty] = (await screen.line(/child (\d+) on (\S+)/)) as unknown as [string, string, string];
    expect(tty).toMatch(/^\/dev\/pts\/\d+$/);
    const supervisor = 'supervisor' in proc ? (proc.supervisor as number) : 0;
    expect(jobOf(proc.pid)).toEqual({ pgid: proc.pid, sid: supervisor, foreground: proc.pid });
    proc.stdin.write('go\r');
    expect(await proc.exited).toEqual({ code: 4, signal: null });
    const left = await scope.leftovers('/nonexistent', () => 'other', 100);
    expect(left.map((p) => [p.cmdline.join(' '), p.pgid])).toEqual([['sleep 60', proc.pid]]);
    // The session leader took the terminal back, as a shell does; the terminal stays open for the child.
    expect(jobOf(left[0]?.pid ?? 0).foreground).toBe(supervisor);
    expect(openMasters()).toBe(before + 1);
    expect(await scope.close()).toEqual([]);
    expect(isAlive(left[0]?.pid ?? 0)).toBe(false);
    expect(openMasters()).toBe(before);
  });

  test('its exact exit status comes back through the session leader, by code and by signal', async () => {
    const exit = async (script: string) => {
      const { proc } = await inScope(script);
      // Read to its end: the exit is seen once what the host wrote was read.
      proc.stdout.resume();
      return proc.exited;
    };
    expect(await exit('exit 7')).toEqual({ code: 7, signal: null });
    expect(await exit('kill -TERM $$')).toEqual({ code: null, signal: 'SIGTERM' });
  });

  test('a host killed while it waits on its terminal is reaped with its group, and the terminal closed', async () => {
    const before = openMasters();
    const { scope, proc } = await inScope('trap "" TERM; sleep 60 & echo "child $!"; read line');
    const screen = screenOf(proc);
    await screen.line(/child \d+/);
    expect(await stopGroup(proc, 200)).toEqual({ code: null, signal: 'SIGKILL' });
    expect(isAlive(proc.pid)).toBe(false);
    expect(await scope.close()).toEqual([]);
    expect(openMasters()).toBe(before);
  });
});

describe('terminal hosts outside a PID namespace', () => {
  test("a host's last output is read to the end, however much it wrote, and it cannot cut that short by writing an exit mark: only its session leader knows the terminal's", async () => {
    const forged = ['mhc-host-exited', 'mhc-host-exited-000000000000000000000000'].map((t) => `\\033]777;${t}\\007`).join('');
    const proc = await spawnHost(
      'sh',
      ['-c', `printf '${forged}'; i=0; while [ $i -lt 2000 ]; do echo "line $i of what the host wrote last"; i=$((i+1)); done; echo END-OF-OUTPUT`],
      { env: { PATH: process.env.PATH ?? '' }, cwd: '/tmp', terminal: 'pty' },
    );
    const screen = screenOf(proc);
    // Outside a scope the terminal closes once the host exited: all that was read has been delivered at the stream's end.
    const ended = new Promise((resolve) => proc.stdout.once('end', resolve));
    expect(await proc.exited).toEqual({ code: 0, signal: null });
    await ended;
    expect(screen.text()).toContain('END-OF-OUTPUT');
    expect(await stopGroup(proc)).toEqual({ code: 0, signal: null });
  });

  test('outside any scope: typed lines and Ctrl-C reach them, the group is reaped and the terminal closed', async () => {
    const before = openMasters();
    const proc = await spawnHost('sh', ['-c', 'trap "echo got INT; exit 9" INT; printf "name? "; read x; echo "hi $x"; while :; do sleep 0.1; done'], {
      env: { PATH: process.env.PATH ?? '' },
      cwd: '/tmp',
      terminal: 'pty',
    });
    const screen = screenOf(proc);
    await screen.line(/name\? /);
    proc.stdin.write('ann\r');
    await screen.line(/hi ann/);
    proc.stdin.write('\u0003');
    expect(await proc.exited).toEqual({ code: 9, signal: null });
    expect(screen.text()).toContain('got INT');
    expect(await stopGroup(proc)).toEqual({ code: 9, signal: null });
    expect(openMasters()).toBe(before);
    // Its session leader ends once released, the host gone.
    expect(await waitGone([proc.leader ?? 0], 2000)).toEqual([]);
  });

  test('in a scope without namespaces (no root): the same job under a session leader; the child it left outlives it until the scope closes', async () => {
    const before = openMasters();
    const marker = `mark-${process.pid}-${Date.now()}`;
    const scope = new ProcessScope();
    scopes.push(scope);
    const proc = await spawnOnTerminal('sh', ['-c', CARELESS], { env: { PATH: process.env.PATH ?? '', MARK: marker }, cwd: '/tmp' }, false);
    scope.adopt(proc);
    const screen = screenOf(proc);
    const [, child] = (await screen.line(/child (\d+) on (\S+)/)) as unknown as [string, string];
    expect(jobOf(proc.pid)).toEqual({ pgid: proc.pid, sid: proc.leader, foreground: proc.pid });
    expect(scope.roots()).toEqual([proc.leader]);
    proc.stdin.write('go\r');
    expect(await proc.exited).toEqual({ code: 4, signal: null });
    expect((await scope.leftovers(marker, () => 'other', 100)).map((p) => p.pid)).toEqual([Number(child)]);
    expect(jobOf(Number(child)).foreground).toBe(proc.leader);
    expect(await scope.close()).toEqual([]);
    // SIGKILL is delivered after kill() returns: the two are gone soon after, not at once (a child the scope missed would still be here).
    expect(await waitGone([Number(child), proc.leader ?? 0], 2000)).toEqual([]);
    expect(openMasters()).toBe(before);
    expect(await (await spawnOnTerminal('sh', ['-c', 'kill -TERM $$'], { env: { PATH: process.env.PATH ?? '' }, cwd: '/tmp' }, true)).exited).toEqual({
      code: null,
      signal: 'SIGTERM',
    });
  });
});
