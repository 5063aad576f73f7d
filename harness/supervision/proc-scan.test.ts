import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { readProc, readProcess, scanRunProcesses, type ProcRead } from './proc-scan.js';

const STAT = '41 (node) S 5 41 41 0 -1 4194560 0 0 0 0 0 0 0 0 20 0 1 0 777 0 0';

/** A /proc of one process: each file's text, or the error code its read fails with (in turn, when several). */
function fakeProc(files: Record<string, string | string[]>): ProcRead {
  const calls = new Map<string, number>();
  return (path) => {
    const name = path.split('/').at(-1) ?? '';
    const answers = ([] as string[]).concat(files[name] ?? 'ENOENT');
    const n = calls.get(name) ?? 0;
    calls.set(name, n + 1);
    const answer = answers[Math.min(n, answers.length - 1)] ?? 'ENOENT';
    if (/^E[A-Z]+$/.test(answer)) throw Object.assign(new Error(answer), { code: answer });
    return answer;
  };
}

describe('reading one process from /proc', () => {
  test('reads its group, start, command line and environment', () => {
    const p = readProcess(41, fakeProc({ stat: STAT, cmdline: 'node\0app.js\0', environ: 'A=1\0B=x=y\0' }));
    expect(p).toEqual({ pid: 41, state: 'S', ppid: 5, pgid: 41, sid: 41, start: 777, cmdline: ['node', 'app.js'], env: { A: '1', B: 'x=y' } });
  });

  test('a process exiting between the listing and the read (no address space left: ESRCH) is no unreadable environment, and its command line is kept', () => {
    const p = readProcess(41, fakeProc({ stat: STAT, cmdline: 'curl\0-H\0Authorization: secret\0', environ: 'ESRCH' }));
    expect(p).toEqual(expect.objectContaining({ cmdline: ['curl', '-H', 'Authorization: secret'], env: {} }));
    expect(p?.envUnreadable).toBeUndefined();
  });

  test('an environment refused while the process lives on is unreadable, and a refusal once is read again', () => {
    expect(readProcess(41, fakeProc({ stat: STAT, cmdline: 'x\0', environ: 'EACCES' }))?.envUnreadable).toBe(true);
    expect(readProcess(41, fakeProc({ stat: STAT, cmdline: 'x\0', environ: ['EACCES', 'A=1\0'] }))).toEqual(expect.objectContaining({ env: { A: '1' } }));
  });

  test('a process refused and then gone (or a new one under its pid) is gone, not hidden', () => {
    expect(readProcess(41, fakeProc({ stat: [STAT, 'ENOENT'], cmdline: 'x\0', environ: 'EACCES' }))).toBeNull();
    expect(readProcess(41, fakeProc({ stat: [STAT, STAT.replace(' 777 ', ' 900 ')], cmdline: 'x\0', environ: 'EACCES' }))).toBeNull();
  });

  test('a process gone before its stat or command line was read is null', () => {
    expect(readProcess(41, fakeProc({}))).toBeNull();
    expect(readProcess(41, fakeProc({ stat: STAT, cmdline: 'ESRCH' }))).toBeNull();
  });
});

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

describe('the /proc scan', () => {
  test('a file longer than the read buffer is read whole', () => {
    const dir = mkdtempSync(join(tmpdir(), 'proc-scan-'));
    try {
      const text = randomBytes(300 * 1024).toString('latin1');
      writeFileSync(join(dir, 'long'), text, 'latin1');
      expect(readProc(join(dir, 'long'))).toBe(text);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('finds a process by the marker in its command line or in a variable, not in a variable name alone', async () => {
    const marker = `mark-${randomBytes(6).toString('hex')}`;
    const perl = (name: string, env: Record<string, string>): number => {
      const child = spawn('perl', ['-e', 'sleep 60', name], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: 'ignore' });
      children.push(child);
      return child.pid ?? 0;
    };
    const byArg = perl(`/tmp/${marker}/bin`, {});
    const byValue = perl('perl', { WHERE: `/tmp/${marker}/home` });
    const byName = perl('perl', { [`X_${marker}`]: '1' });
    const found = scanRunProcesses(marker).map((p) => p.pid);
    expect([byArg, byValue, byName].map((pid) => found.includes(pid))).toEqual([true, true, false]);
  });
});
