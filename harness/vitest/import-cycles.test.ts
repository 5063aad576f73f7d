// The suite's own modules import one another in one direction (issue 24: rooms that show the
// flow): no cycle, counting type-only imports, in harness/, fake-servers/, common/, scenarios/,
// benchmarks/ and reference-host/.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { suiteRoot } from '../suite-root.js';

const ROOT = suiteRoot();
const ROOMS = ['harness', 'fake-servers', 'common', 'scenarios', 'benchmarks', 'reference-host'];
const IMPORT = /^(?:import|export)\s+(?:type\s+)?[^'"]*?from\s+'(\.[^']+)'/gm;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.includes('test-fixtures') ? [path] : [];
  });
}

/** Every strongly connected group of more than one module (Tarjan), as paths from the suite root. */
function cycles(files: readonly string[]): string[][] {
  const edges = new Map(
    files.map((f) => [
      f,
      [...readFileSync(f, 'utf8').matchAll(IMPORT)].map((m) => resolve(dirname(f), (m[1] ?? '').replace(/\.js$/, '.ts'))).filter((t) => existsSync(t)),
    ]),
  );
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v) ?? 0);
    stack.push(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string | undefined;
    do {
      w = stack.pop();
      if (w !== undefined) group.push(relative(ROOT, w));
    } while (w !== undefined && w !== v);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return groups;
}

describe('the suite has no import cycle', () => {
  test('harness, fake servers, scenarios, benchmarks and refhost import in one direction', () => {
    const files = ROOMS.map((room) => join(ROOT, room))
      .filter((dir) => existsSync(dir))
      .flatMap(sources);
    expect(files.length).toBeGreaterThan(100);
    expect(cycles(files)).toEqual([]);
  });
});
