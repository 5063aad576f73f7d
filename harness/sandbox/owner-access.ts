// The host owns everything under its sandbox and may lock the harness out (chmod 000) to hide
// a file from the canary scan or to break the run into a harness error. The harness runs as
// the same user, so it takes the owner's bits back and retries; the mode it reports is the
// one it found (CONFIG-3).
import { chmodSync, closeSync, lstatSync, openSync, readdirSync, readSync } from 'node:fs';
import { join } from 'node:path';

const LOCKED = new Set(['EACCES', 'EPERM']);

/** Runs `act`; if the owner lacks access, adds the owner `bits` to `path` and runs it again. */
export function withOwnerAccess<T>(path: string, bits: number, act: () => T): T {
  try {
    return act();
  } catch (error) {
    if (!LOCKED.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
    chmodSync(path, (lstatSync(path).mode & 0o7777) | bits);
    return act();
  }
}

/** The names in a directory, unlocking it first if need be. */
export function listDir(dir: string): string[] {
  return withOwnerAccess(dir, 0o700, () => readdirSync(dir));
}

/** At most `cap` bytes from the start of a regular file, unlocking it first if need be. */
export function readHead(path: string, cap: number): Buffer {
  return withOwnerAccess(path, 0o600, () => {
    const fd = openSync(path, 'r');
    try {
      const buffer = Buffer.alloc(cap);
      let length = 0;
      for (let n = -1; n !== 0 && length < cap; length += n) n = readSync(fd, buffer, length, cap - length, null);
      return buffer.subarray(0, length);
    } finally {
      closeSync(fd);
    }
  });
}

/** Gives the owner full access to every directory under `root`, so the tree can be removed. */
export function unlockTree(root: string): void {
  for (const name of listDir(root)) {
    const path = join(root, name);
    if (lstatSync(path).isDirectory()) unlockTree(path);
  }
}
