import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { createSandbox, type Sandbox } from './sandbox.js';
import { cachePath, WarmCaches, WarmCachesSchema } from './warm-caches.js';

const made: Sandbox[] = [];
afterEach(async () => {
  for (const s of made.splice(0)) await s.cleanup();
});
function sandbox(): Sandbox {
  const s = createSandbox('warm-caches');
  made.push(s);
  return s;
}
function write(s: Sandbox, cache: string, file: string, text: string): void {
  mkdirSync(cachePath(s, cache), { recursive: true });
  writeFileSync(join(cachePath(s, cache), file), text);
}

describe('WarmCaches', () => {
  test('puts the caches kept from the first start into every later sandbox, and nothing else of it', () => {
    const caches = new WarmCaches(['$TMPDIR/jiti', '$XDG_CACHE_HOME/host/compiled']);
    const later = sandbox();
    caches.seed(later);
    expect(existsSync(cachePath(later, '$TMPDIR/jiti'))).toBe(false);

    const first = sandbox();
    write(first, '$TMPDIR/jiti', 'a.cjs', 'compiled');
    write(first, '$XDG_CACHE_HOME/host/compiled', 'b.bin', 'code');
    write(first, '$TMPDIR/session', 'state.json', '{}');
    caches.keep(first);
    for (const s of [later, sandbox()]) {
      caches.seed(s);
      expect(readFileSync(join(cachePath(s, '$TMPDIR/jiti'), 'a.cjs'), 'utf8')).toBe('compiled');
      expect(readFileSync(join(cachePath(s, '$XDG_CACHE_HOME/host/compiled'), 'b.bin'), 'utf8')).toBe('code');
      expect(existsSync(cachePath(s, '$TMPDIR/session'))).toBe(false);
    }
  });

  test('keeps the first start only, and leaves a cache a host already has in its sandbox (a second start) as it is', () => {
    const caches = new WarmCaches(['$TMPDIR/jiti']);
    const first = sandbox();
    write(first, '$TMPDIR/jiti', 'a.cjs', 'first');
    caches.keep(first);
    const other = sandbox();
    write(other, '$TMPDIR/jiti', 'a.cjs', 'other');
    caches.keep(other);
    const own = sandbox();
    write(own, '$TMPDIR/jiti', 'a.cjs', 'its own');
    caches.seed(own);
    expect(readFileSync(join(cachePath(own, '$TMPDIR/jiti'), 'a.cjs'), 'utf8')).toBe('its own');
    const fresh = sandbox();
    caches.seed(fresh);
    expect(readFileSync(join(cachePath(fresh, '$TMPDIR/jiti'), 'a.cjs'), 'utf8')).toBe('first');
  });

  test("takes folders of the host's temp, cache and home areas only, never outside them", () => {
    expect(WarmCachesSchema.parse(['$TMPDIR/jiti', '$HOME/.cache/x', '$XDG_CACHE_HOME/a/b'])).toHaveLength(3);
    for (const bad of ['$TMPDIR', '$TMPDIR/', '$TMPDIR/../x', '$TMPDIR/a/../../x', '/tmp/jiti', '$PROJECT/x', 'jiti'])
      expect(WarmCachesSchema.safeParse([bad]).success, bad).toBe(false);
  });
});
