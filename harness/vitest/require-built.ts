// Tests that run built code (bin/refhost.js -> dist/refhost.mjs, the stdio fake's entry)
// must not test an older build: a source newer than the built file stops the test with the
// command to run. `npm test` builds first, so this only fires when a test is run alone.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SUITE_ROOT = fileURLToPath(new URL('../..', import.meta.url));

function newestSource(dir: string): { file: string; mtimeMs: number } {
  let newest = { file: '', mtimeMs: 0 };
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const candidate = entry.isDirectory()
      ? entry.name === 'test-fixtures'
        ? newest
        : newestSource(full)
      : entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')
        ? { file: full, mtimeMs: statSync(full).mtimeMs }
        : newest;
    if (candidate.mtimeMs > newest.mtimeMs) newest = candidate;
  }
  return newest;
}

/** Throws unless `built` (relative to the suite root) is newer than every source under `sourceDirs`. */
export function requireBuilt(built: string, sourceDirs: readonly string[]): void {
  let builtAt: number;
  try {
    builtAt = statSync(path.join(SUITE_ROOT, built)).mtimeMs;
  } catch {
    throw new Error(`${built} is missing: run npm run build`);
  }
  for (const dir of sourceDirs) {
    const source = newestSource(path.join(SUITE_ROOT, dir));
    if (source.mtimeMs > builtAt) throw new Error(`${built} is older than ${path.relative(SUITE_ROOT, source.file)}: run npm run build`);
  }
}
