// The package root, found from this module's location (works from source and from dist/).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

export function suiteRoot(): string {
  if (cached !== undefined) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'mcp-host-conformance') {
      cached = dir;
      return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('mcp-host-conformance: cannot find the package root');
    dir = parent;
  }
}

/** True when this code runs from dist/ (the CLI), false from TypeScript sources (vitest, tsx). */
export function runningFromDist(): boolean {
  return fileURLToPath(import.meta.url).includes(`${join(suiteRoot(), 'dist')}`);
}
