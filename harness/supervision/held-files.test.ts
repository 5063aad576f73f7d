import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { HeldFiles } from './held-files.js';

const openFiles = (): number => readdirSync('/proc/self/fd').length;

describe('held files', () => {
  test('a file is opened once and read again from its start, showing what it holds now', () => {
    const dir = mkdtempSync(join(tmpdir(), 'held-files-'));
    const files = new HeldFiles();
    try {
      const path = join(dir, 'f');
      writeFileSync(path, 'first, longer text');
      const before = openFiles();
      const texts = [files.read(path)];
      writeFileSync(path, 'second');
      texts.push(files.read(path));
      expect([texts, openFiles() - before]).toEqual([['first, longer text', 'second'], 1]);
      files.release();
      expect(openFiles() - before).toBe(1);
      files.release();
      expect(openFiles() - before).toBe(0);
    } finally {
      files.release(true);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a process's file reads as a fresh read would once the process is gone", async () => {
    const files = new HeldFiles();
    const child = spawn('sleep', ['60'], { stdio: 'ignore' });
    const path = `/proc/${child.pid ?? 0}/cmdline`;
    expect(files.read(path)).toBe('sleep\x0060\x00');
    child.kill('SIGKILL');
    await once(child, 'exit');
    expect(() => files.read(path)).toThrow(/ENOENT/);
    files.release(true);
  });

  test('the same path for two owners is two files', () => {
    const files = new HeldFiles();
    const before = openFiles();
    files.read('/proc/self/stat', 'a');
    files.read('/proc/self/stat', 'b');
    files.read('/proc/self/stat', 'a');
    expect(openFiles() - before).toBe(2);
    files.release(true);
    expect(openFiles() - before).toBe(0);
  });
});
