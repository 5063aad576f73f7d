// A host's compiled-code caches, warm as on its user's machine. Each scenario gets a fresh
// sandbox, so a host that caches compiled code in its temp dir (pi's jiti transpiles its MCP
// extension's TypeScript there, 2.9 CPU-s a start cold, 0.5 warm; Node's compile cache) would
// start every scenario as on its first start ever, which its users see once. The caches the
// profile names are taken from the preflight's start (which reached its prompt) and copied
// into every later sandbox before the host starts. Only caches of compiled code belong in
// the list: nothing that holds settings, sessions, or anything a check reads.
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { sandboxAreas, type Sandbox } from './sandbox.js';

/** "$TMPDIR/jiti": an area of the sandbox by its environment name, and a folder in it. */
export const WarmCachesSchema = z
  .array(
    z
      .string()
      .regex(
        /^\$(TMPDIR|XDG_CACHE_HOME|HOME)\/(?!\.\.?(\/|$))[^/]+(\/(?!\.\.?(\/|$))[^/]+)*$/,
        'a folder under $TMPDIR, $XDG_CACHE_HOME or $HOME, as "$TMPDIR/jiti"',
      ),
  )
  .optional();

/** Where `cache` ("$TMPDIR/jiti") is in `sandbox`. */
export function cachePath(sandbox: Sandbox, cache: string): string {
  const [area, ...rest] = cache.split('/');
  const root = sandboxAreas(sandbox).find(([, name]) => name === area)?.[0];
  if (root === undefined) throw new Error(`not a sandbox area: ${cache}`);
  return join(root, ...rest);
}

export class WarmCaches {
  /** Where the kept caches are, once kept. */
  #kept: string | null = null;

  constructor(private readonly caches: readonly string[]) {}

  /** Keeps the caches of a sandbox whose host reached its prompt and is stopped; the first call wins. */
  keep(sandbox: Sandbox): void {
    if (this.#kept !== null) return;
    const kept = mkdtempSync(join(tmpdir(), 'mhc-warm-caches-'));
    this.#kept = kept;
    process.once('exit', () => rmSync(kept, { recursive: true, force: true }));
    this.caches.forEach((cache, i) => {
      const from = cachePath(sandbox, cache);
      if (existsSync(from)) cpSync(from, join(kept, String(i)), { recursive: true });
    });
  }

  /** Puts the kept caches into `sandbox` before its host starts; a cache the host already has there (a second start) stays as it is. */
  seed(sandbox: Sandbox): void {
    if (this.#kept === null) return;
    this.caches.forEach((cache, i) => {
      const from = join(this.#kept as string, String(i));
      const to = cachePath(sandbox, cache);
      if (existsSync(from) && !existsSync(to)) cpSync(from, to, { recursive: true });
    });
  }
}
