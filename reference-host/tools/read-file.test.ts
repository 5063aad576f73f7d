import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { READ_FILE_MAX_BYTES, readFileTool } from './read-file.js';

let root: string;
let work: string;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'refhost-read-'));
  work = path.join(root, 'work');
  mkdirSync(path.join(work, 'sub'), { recursive: true });
  writeFileSync(path.join(work, 'sub', 'note.txt'), 'hello');
  writeFileSync(path.join(root, 'secret.txt'), 'outside');
  writeFileSync(path.join(work, 'big.txt'), 'b'.repeat(READ_FILE_MAX_BYTES + 10));
  symlinkSync(path.join(root, 'secret.txt'), path.join(work, 'leak.txt'));
  symlinkSync(path.join(work, 'sub', 'note.txt'), path.join(work, 'inner-link.txt'));
});

describe('readFileTool', () => {
  it('reads a file inside the working directory, by relative or absolute path', async () => {
    expect(await readFileTool(work, { path: 'sub/note.txt' })).toEqual({ status: 'completed', output: 'hello' });
    expect(await readFileTool(work, { path: path.join(work, 'sub/note.txt') })).toEqual({ status: 'completed', output: 'hello' });
    expect(await readFileTool(work, { path: 'inner-link.txt' })).toEqual({ status: 'completed', output: 'hello' });
  });

  it.each([
    ['a .. escape', '../secret.txt'],
    ['a .. escape through a subfolder', 'sub/../../secret.txt'],
    ['an absolute path outside', '/etc/passwd'],
    ['a symlink that leaves the directory', 'leak.txt'],
  ])('refuses %s', async (_label, requested) => {
    const outcome = await readFileTool(work, { path: requested });
    expect(outcome.status).toBe('failed');
    expect(outcome.output).toMatch(/refused/);
  });

  it('fails on a missing file, a directory and a missing path argument', async () => {
    expect((await readFileTool(work, { path: 'nope.txt' })).output).toBe('nope.txt: cannot be read (ENOENT).');
    expect((await readFileTool(work, { path: 'sub' })).output).toBe('sub: not a regular file.');
    expect((await readFileTool(work, {})).status).toBe('failed');
  });

  it('caps a large file at 64 KiB with status output_limit', async () => {
    const outcome = await readFileTool(work, { path: 'big.txt' });
    expect(outcome.status).toBe('output_limit');
    expect(outcome.output).toMatch(/\n\[truncated: first 65536 of 65546 bytes\]$/);
  });
});
