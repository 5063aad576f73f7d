import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareOutputDir } from './output-dir.js';

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the report folder', () => {
  it('is created with its missing parents, returning the first folder it created, and left empty', () => {
    dir = mkdtempSync(join(tmpdir(), 'mhc-out-'));
    expect(prepareOutputDir(join(dir, 'a', 'b', 'c'))).toBe(join(dir, 'a'));
    expect(statSync(join(dir, 'a', 'b', 'c')).isDirectory()).toBe(true);
    expect(readdirSync(join(dir, 'a', 'b', 'c'))).toEqual([]);
    expect(prepareOutputDir(join(dir, 'a', 'b', 'c'))).toBeUndefined();
  });

  it("is refused at once under /proc, where Node's recursive mkdir never returns", () => {
    expect(() => prepareOutputDir('/proc/x/reports')).toThrow('/proc/x/reports: cannot write reports there (ENOENT)');
  });

  it('is refused under a file, naming the file', () => {
    dir = mkdtempSync(join(tmpdir(), 'mhc-out-'));
    writeFileSync(join(dir, 'file'), '');
    expect(() => prepareOutputDir(join(dir, 'file', 'reports'))).toThrow(
      `${join(dir, 'file', 'reports')}: cannot write reports there (${join(dir, 'file')} is not a folder)`,
    );
    expect(() => prepareOutputDir(join(dir, 'file'))).toThrow(`cannot write reports there (${join(dir, 'file')} is not a folder)`);
  });
});
