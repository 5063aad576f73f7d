// Issue 15 item 5 and STDIO-5: hosts on a pseudo-terminal are supervised as on pipes (their
// group, their PID namespace) and nothing of them is left on any path: the host exiting
// first, the host killed while a child holds the terminal, and outside any scope (node-pty
// starts the host). The terminal itself is closed too. Without node-pty, one line says why.
import { readdirSync, readlinkSync } from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import { containment } from './pid-namespace.js';
import { isAlive } from './proc-scan.js';
import { stopGroup, type GroupProcess } from './process-group.js';
import { ProcessScope, spawnHost } from './process-scope.js';
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
  test('the host leads its session on its terminal; exiting first, the child it left holding the terminal is killed and the terminal closed', async () => {
    const before = openMasters();
    // The terminal hangs up the foreground group when its session leader exits: this child ignores that.
    const { scope, proc } = await inScope('trap "" HUP; sleep 60 & echo "child $! on $(tty)"; exit 4');
    const screen = screenOf(proc);
    expect(await proc.exited).toEqual({ code: 4, signal: null });
    const [, , tty] = (await screen.line(/child (\d+) on (\S+)/)) as unknown as [string, string, string];
    expect(tty).toMatch(/^\/dev\/pts\/\d+$/);
    expect((await scope.leftovers('/nonexistent', () => 'other', 0)).map((p) => p.cmdline.join(' '))).toEqual(['sleep 60']);
    expect(await scope.close()).toEqual([]);
    expect(openMasters()).toBe(before);
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

describe('terminal hosts outside a scope', () => {
  test('run on a terminal node-pty opens: typed lines and Ctrl-C reach them, and the group is reaped', async () => {
    const before = openMasters();
    const proc = await spawnHost('sh', ['-c', 'trap "echo got INT; exit 9" INT; printf "name? "; read x; echo "hi $x"; while :; do sleep 0.1; done'], { env: { PATH: process.env.PATH ?? '' }, cwd: '/tmp', terminal: 'pty' });
    const screen = screenOf(proc);
    await screen.line(/name\? /);
    proc.stdin.write('ann\r');
    await screen.line(/hi ann/);
    proc.stdin.write('\u0003');
    expect(await proc.exited).toEqual({ code: 9, signal: null });
    expect(screen.text()).toContain('got INT');
    expect(await stopGroup(proc)).toEqual({ code: 9, signal: null });
    expect(openMasters()).toBe(before);
  });
});
