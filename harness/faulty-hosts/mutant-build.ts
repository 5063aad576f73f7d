// Source mutants of refhost (issue 13): a mutant is one exact text replacement in one file of
// reference-host/, built into its own bundle of refhost's CLI with esbuild, straight from the
// TypeScript sources. Bundles are cached under node_modules/.cache/mhc-mutants/, keyed by the
// mutant and every refhost source, so an unchanged mutant is never rebuilt. The unmutated
// build (mutant null) is the baseline a campaign checks first.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { z } from 'zod';
import { suiteRoot } from '../suite-root.js';

export const MutantSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'kebab-case'),
  /** Path under reference-host/, e.g. "mcp/naming.ts". */
  file: z.string().regex(/^[a-z0-9/_.-]+\.ts$/, 'a .ts path under reference-host/'),
  /** Exact text that must occur exactly once in that file. */
  find: z.string().min(1),
  replace: z.string(),
  /** "GUARANTEE-ID: what it breaks". */
  breaks: z.string().regex(/^[A-Z]+-\d+: \S/, '"GUARANTEE-ID: what it breaks"'),
});
export type Mutant = z.infer<typeof MutantSchema>;

export class MutantError extends Error {
  override name = 'MutantError';
}

export const MUTANT_CACHE_DIR = join(suiteRoot(), 'node_modules', '.cache', 'mhc-mutants');
const SOURCE_DIR = join(suiteRoot(), 'reference-host');
const ENTRY = join(SOURCE_DIR, 'cli', 'main.ts');

/** The guarantee a mutant breaks ("APPROVE-3"). */
export function brokenGuarantee(mutant: Mutant): string {
  return mutant.breaks.slice(0, mutant.breaks.indexOf(':'));
}

function countOccurrences(text: string, find: string): number {
  return text.split(find).length - 1;
}

/** The mutated text of the mutant's file; a `find` that is not there exactly once is refused. */
export function applyMutant(mutant: Mutant, text: string): string {
  const count = countOccurrences(text, mutant.find);
  if (count !== 1) {
    throw new MutantError(`mutant ${mutant.id}: its find text occurs ${count} times in reference-host/${mutant.file} (must be exactly once)`);
  }
  return text.replace(mutant.find, () => mutant.replace);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Changes with any refhost source, the lock file (bundled dependencies) or the mutant. */
function buildKey(mutant: Mutant | null): string {
  const hash = createHash('sha256').update(JSON.stringify(mutant));
  for (const file of [...sourceFiles(SOURCE_DIR).sort(), join(suiteRoot(), 'package-lock.json')]) {
    hash.update(relative(suiteRoot(), file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** Applies the mutant when esbuild loads its file, and notes that it did. */
function mutationPlugin(mutant: Mutant, target: string, applied: () => void): Plugin {
  return {
    name: 'mhc-mutant',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, (args) => {
        if (resolve(args.path) !== target) return undefined;
        applied();
        return { contents: applyMutant(mutant, readFileSync(target, 'utf8')), loader: 'ts' };
      });
    },
  };
}

/** Builds (or finds cached) the bundle of refhost with `mutant` applied; null = unmutated. Returns its path. */
export async function buildMutant(mutant: Mutant | null, cacheDir: string = MUTANT_CACHE_DIR): Promise<string> {
  const target = mutant === null ? null : join(SOURCE_DIR, mutant.file);
  if (mutant !== null && target !== null) {
    if (!existsSync(target)) throw new MutantError(`mutant ${mutant.id}: no file reference-host/${mutant.file}`);
    applyMutant(mutant, readFileSync(target, 'utf8')); // refuse a bad find before building anything
  }
  const outfile = join(cacheDir, `${mutant?.id ?? 'baseline'}-${buildKey(mutant)}.mjs`);
  if (existsSync(outfile)) return outfile;
  mkdirSync(cacheDir, { recursive: true });
  let applied = false;
  const temp = `${outfile}.${process.pid}.tmp`;
  try {
    await build({
      entryPoints: [ENTRY],
      outfile: temp,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'silent',
      plugins: mutant === null || target === null ? [] : [mutationPlugin(mutant, target, () => (applied = true))],
      // As scripts/bundle-refhost.mjs: CommonJS dependencies inside an ES module bundle still call require().
      banner: { js: "import { createRequire as __refhostRequire } from 'node:module'; const require = __refhostRequire(import.meta.url);" },
    });
    if (mutant !== null && !applied) throw new MutantError(`mutant ${mutant.id}: reference-host/${mutant.file} is not part of refhost's CLI bundle`);
    renameSync(temp, outfile); // atomic: a half-written bundle is never taken from the cache
  } finally {
    rmSync(temp, { force: true });
  }
  return outfile;
}
