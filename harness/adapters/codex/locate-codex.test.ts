import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CODEX_INSTALL_COMMAND, findCodex, hostsCodexBin, locateCodex } from './locate-codex.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'locate-codex-'));
  dirs.push(dir);
  return dir;
}

function executable(path: string): string {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, '#!/bin/sh\n');
  chmodSync(path, 0o755);
  return path;
}

describe('locating the Codex CLI', () => {
  it('prefers CODEX_BIN, then the suite install, then PATH', () => {
    const root = tempDir();
    const onPath = executable(join(root, 'bin', 'codex'));
    const explicit = executable(join(root, 'elsewhere', 'codex-dev'));
    expect(findCodex({ PATH: join(root, 'bin') }, root)).toEqual({ path: onPath, source: 'PATH' });
    const hosts = executable(hostsCodexBin(root));
    expect(findCodex({ PATH: join(root, 'bin') }, root)).toEqual({ path: hosts, source: 'hosts' });
    expect(findCodex({ PATH: join(root, 'bin'), CODEX_BIN: explicit }, root)).toEqual({ path: explicit, source: 'CODEX_BIN' });
  });

  it('rejects a CODEX_BIN that is not executable instead of silently using another codex', () => {
    const root = tempDir();
    const plain = join(root, 'codex');
    writeFileSync(plain, '');
    expect(() => findCodex({ CODEX_BIN: plain }, root)).toThrow(`CODEX_BIN=${plain} is not an executable file`);
  });

  it('says how to install Codex when it is nowhere', () => {
    const root = tempDir();
    expect(findCodex({ PATH: '' }, root)).toBeNull();
    expect(() => locateCodex({ PATH: '' }, root)).toThrow(CODEX_INSTALL_COMMAND);
  });
});
