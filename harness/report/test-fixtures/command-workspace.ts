// A temp folder and captured stdout/stderr for the report commands' tests, fresh per test.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';

export interface CommandWorkspace {
  readonly dir: string;
  readonly out: string;
  readonly err: string;
  readonly io: { stdout(t: string): void; stderr(t: string): void };
  /** Writes a value (JSON unless already a string) into the folder and returns its path. */
  file(name: string, value: unknown): string;
}

export function useCommandWorkspace(prefix: string): CommandWorkspace {
  const state = { dir: '', out: '', err: '' };
  beforeEach(() => {
    state.dir = mkdtempSync(join(tmpdir(), prefix));
    state.out = '';
    state.err = '';
  });
  afterEach(() => rmSync(state.dir, { recursive: true, force: true }));
  return {
    get dir() {
      return state.dir;
    },
    get out() {
      return state.out;
    },
    get err() {
      return state.err;
    },
    io: { stdout: (t) => void (state.out += t), stderr: (t) => void (state.err += t) },
    file(name, value) {
      const path = join(state.dir, name);
      writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
      return path;
    },
  };
}
