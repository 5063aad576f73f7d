import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SUITE_ROOT, requireBuilt } from '../../harness/vitest/require-built.js';
import { developerShellEnv } from '../../harness/sandbox/host-env.js';
import { codeCacheFile, compileBundle } from './bundle-runner.js';

const dir = mkdtempSync(join(tmpdir(), 'mhc-bundle-runner-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What the test bundles report: they set this global when they run. */
const seen = (): unknown => (globalThis as { bundleRunnerTest?: unknown }).bundleRunnerTest;

function writeBundle(name: string, body: string): string {
  const file = join(dir, name);
  writeFileSync(file, `"use strict";${body}`);
  return file;
}

describe('running a bundle', () => {
  test('it runs as a CommonJS main module: its own file and folder, require from its folder, this as exports', () => {
    writeFileSync(join(dir, 'helper.cjs'), 'module.exports = 42;');
    const file = writeBundle('shape.cjs', 'globalThis.bundleRunnerTest = { filename: __filename, dirname: __dirname, helper: require("./helper.cjs"), thisIsExports: this === module.exports };');
    compileBundle(file).run();
    expect(seen()).toEqual({ filename: file, dirname: dir, helper: 42, thisIsExports: true });
  });

  test('a saved cache is taken by the next start, which behaves the same', () => {
    const file = writeBundle('cached.cjs', 'globalThis.bundleRunnerTest = [1, 2, 3].map((n) => n * 2);');
    const first = compileBundle(file);
    expect(first.cacheUsed).toBe(false);
    first.run();
    first.saveCache();
    const second = compileBundle(file);
    expect(second.cacheUsed).toBe(true);
    second.run();
    expect(seen()).toEqual([2, 4, 6]);
  });

  test('an edited bundle of the same length does not take the old cache and runs its own code', () => {
    const file = writeBundle('edited.cjs', 'globalThis.bundleRunnerTest = "old";');
    const old = compileBundle(file);
    old.run();
    old.saveCache();
    writeBundle('edited.cjs', 'globalThis.bundleRunnerTest = "new";');
    const edited = compileBundle(file);
    expect(edited.cacheUsed).toBe(false);
    edited.run();
    expect(seen()).toBe('new');
  });

  test('a cache is kept per set of node options, the ones V8 checks a cache against', () => {
    const plain = codeCacheFile('/x/refhost.cjs', { execArgv: [], nodeOptions: undefined });
    expect(plain).toMatch(new RegExp(`^/x/refhost\\.cjs\\.${process.version.replace(/\./g, '\\.')}-[0-9a-f]{8}\\.cache$`));
    expect(codeCacheFile('/x/refhost.cjs', { execArgv: [], nodeOptions: '--max-old-space-size=4096' })).not.toBe(plain);
    expect(codeCacheFile('/x/refhost.cjs', { execArgv: ['--max-old-space-size=4096'], nodeOptions: undefined })).not.toBe(plain);
    expect(codeCacheFile('/x/refhost.cjs', { execArgv: [], nodeOptions: '' })).toBe(plain);
  });
});

describe('the built hosts', () => {
  beforeAll(() => requireBuilt('dist/refhost.mjs', ['reference-host']));

  test('each launcher starts its host', () => {
    const start = (launcher: string, ...args: string[]) => spawnSync(process.execPath, [join(SUITE_ROOT, launcher), ...args], { encoding: 'utf8' });
    expect(start('bin/refhost.js', '--version').stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    expect(start('dist/conforming-host.mjs')).toMatchObject({ status: 2, stderr: expect.stringMatching(/^usage: conforming-host-main --variant/) });
    expect(start('dist/harness/faulty-hosts/faulty-host.mjs')).toMatchObject({ status: 2, stderr: expect.stringMatching(/^usage: faulty-host-main --fault/) });
  });

  const bundles = ['dist/refhost.cjs', 'dist/harness/conforming-hosts/conforming-host.cjs', 'dist/harness/faulty-hosts/faulty-host.cjs'].map((b) => join(SUITE_ROOT, b));
  // As a user starts refhost, and as the suite's sandbox starts every host.
  for (const nodeOptions of [undefined, developerShellEnv({ project: '/', tmp: '/' }).NODE_OPTIONS]) {
    test(`start from their code caches (NODE_OPTIONS=${nodeOptions ?? ''})`, () => {
      const probe = join(dir, 'probe.mjs');
      writeFileSync(
        probe,
        `import { compileBundle } from ${JSON.stringify(join(SUITE_ROOT, 'dist', 'bundle-runner.mjs'))};\n` +
          `console.log(JSON.stringify(${JSON.stringify(bundles)}.map((b) => compileBundle(b).cacheUsed)));\n`,
      );
      const env = { PATH: process.env.PATH ?? '', ...(nodeOptions === undefined ? {} : { NODE_OPTIONS: nodeOptions }) };
      const run = spawnSync(process.execPath, [probe], { env, encoding: 'utf8' });
      expect(run.stderr).toBe('');
      expect(JSON.parse(run.stdout)).toEqual([true, true, true]);
    });
  }
});
