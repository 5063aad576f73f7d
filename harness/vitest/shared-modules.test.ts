// Test files share their worker's modules (isolate: false in vitest.config.ts), so no test may
// replace a module or change what every later file in the same process would see: mocked or
// reset modules, stubbed globals, the environment, the working directory.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';
import { suiteRoot } from '../suite-root.js';

const ROOT = suiteRoot();
const ROOMS = ['harness', 'fake-servers', 'common', 'scenarios', 'benchmarks', 'reference-host'];
const PROCESS_WIDE =
  /\bvi\.(?:mock|doMock|unmock|resetModules|stubEnv|stubGlobal)\(|process\.env(?:\.\w+|\[[^\]]+\])?\s*=[^=]|delete process\.env|process\.chdir\(/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : testFiles(path);
    return path.endsWith('.test.ts') ? [path] : [];
  });
}

test('no test file replaces a module or changes process-wide state that later files in its worker would inherit', () => {
  const offending = ROOMS.flatMap((room) => testFiles(join(ROOT, room)))
    .filter((file) => PROCESS_WIDE.test(readFileSync(file, 'utf8')))
    .map((file) => relative(ROOT, file))
    .filter((file) => file !== 'harness/vitest/shared-modules.test.ts'); // its own examples below
  expect(offending).toEqual([]);
});

test('the pattern sees each kind of process-wide change, and not a comparison or a local spy', () => {
  for (const line of [
    "vi.mock('./x.js')",
    "vi.stubEnv('HOME', '/x')",
    'process.env.HOME = dir;',
    "process.env['X'] = '1';",
    'delete process.env.X;',
    'process.chdir(dir);',
  ])
    expect(PROCESS_WIDE.test(line), line).toBe(true);
  for (const line of ["vi.spyOn(input, 'resume')", "process.env.HOME === '/x'", 'const env = { ...process.env };'])
    expect(PROCESS_WIDE.test(line), line).toBe(false);
});
