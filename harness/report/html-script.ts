// index.html's inline script: the typed browser module html-client.ts, bundled by esbuild
// into one ES2019 function expression. `npm run build` writes it to dist/report-client.js,
// which the package ships and the built CLI reads; from the sources (tests, tsx) it is
// bundled on first use instead, so an edit to the client shows without a rebuild.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { BuildOptions } from 'esbuild';
import { runningFromDist, suiteRoot } from '../suite-root.js';

export const CLIENT_BUNDLE = join('dist', 'report-client.js');

/** Bundles html-client.ts (esbuild is a devDependency: present wherever the sources are). */
export function bundleClient(root: string = suiteRoot()): string {
  const esbuild = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  const options: BuildOptions & { write: false } = {
    entryPoints: [join(root, 'harness', 'report', 'html-client.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2019',
    charset: 'utf8',
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
    absWorkingDir: root,
  };
  const [output] = esbuild.buildSync(options).outputFiles;
  if (output === undefined) throw new Error('esbuild produced no report client');
  return output.text;
}

let cached: string | undefined;

export function reportScript(): string {
  if (cached !== undefined) return cached;
  if (!runningFromDist()) return (cached = bundleClient());
  const file = join(suiteRoot(), CLIENT_BUNDLE);
  if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build`);
  return (cached = readFileSync(file, 'utf8'));
}
