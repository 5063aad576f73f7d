// Source mutants of refhost (issue 13): a mutant is one exact text replacement inside one named
// seam of reference-host/ (a `// seam: NAME` line before a declaration, seams.ts), built into its
// own bundle of refhost's CLI with esbuild, straight from the TypeScript sources. Bundles are
// cached under node_modules/.cache/mhc-mutants/, keyed by the mutant and every refhost source, so
// an unchanged mutant is never rebuilt. The unmutated build (mutant null) is the baseline a
// campaign checks first. A process builds all its mutants, one at a time, with one esbuild
// context: a rebuild parses only the mutated file again.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { context, type BuildContext, type Plugin } from 'esbuild';
import { z } from 'zod';
import { suiteRoot } from '../suite-root.js';
import { MutantError } from './mutant-error.js';
import { SEAM_NAME, seamIndex, seamRegion, sourceFiles } from './seams.js';

export { MutantError };

export const MutantSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'kebab-case'),
  /** The named seam of reference-host/ the mutant changes (its `// seam: NAME` line), e.g. "isYes". */
  seam: z.string().regex(SEAM_NAME, 'a seam name (an identifier, or Class.member)'),
  /** Exact text that must occur exactly once inside that seam. */
  find: z.string().min(1),
  replace: z.string(),
  /** "GUARANTEE-ID: what it breaks". */
  breaks: z.string().regex(/^[A-Z]+-\d+: \S/, '"GUARANTEE-ID: what it breaks"'),
});
export type Mutant = z.infer<typeof MutantSchema>;

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

let seams: ReadonlyMap<string, string> | undefined;
/** Refhost's seams, name -> file, read once per process. */
const refhostSeams = (): ReadonlyMap<string, string> => (seams ??= seamIndex(SOURCE_DIR));

/** The file that marks `seam`. */
export function seamFile(seam: string): string {
  const file = refhostSeams().get(seam);
  if (file === undefined) throw new MutantError(`no seam ${seam} is marked in reference-host/ (a line "// seam: ${seam}" before a declaration)`);
  return file;
}

/** The mutated text of the file that marks the mutant's seam; a `find` that is not inside the seam exactly once is refused. */
export function applyMutant(mutant: Mutant, text: string): string {
  const region = seamRegion(text, mutant.seam);
  if (region === undefined) throw new MutantError(`mutant ${mutant.id}: no declaration follows the line "// seam: ${mutant.seam}"`);
  const inside = text.slice(region.start, region.end);
  const count = countOccurrences(inside, mutant.find);
  if (count !== 1) {
    throw new MutantError(`mutant ${mutant.id}: its find text occurs ${count} times in seam ${mutant.seam} (must be exactly once)`);
  }
  return text.slice(0, region.start) + inside.replace(mutant.find, () => mutant.replace) + text.slice(region.end);
}

let sourcesDigest: string | undefined;

/**
 * Changes with any refhost source, the lock file (bundled dependencies) or the mutant. The
 * sources are read once per process (a self-test asks for about a hundred keys): a source edited
 * while a process runs counts from its next run.
 */
function buildKey(mutant: Mutant | null): string {
  if (sourcesDigest === undefined) {
    const hash = createHash('sha256');
    for (const file of [...sourceFiles(SOURCE_DIR).sort(), join(suiteRoot(), 'package-lock.json')]) {
      hash.update(relative(suiteRoot(), file)).update('\0').update(readFileSync(file)).update('\0');
    }
    sourcesDigest = hash.digest('hex');
  }
  return createHash('sha256').update(JSON.stringify(mutant)).update('\0').update(sourcesDigest).digest('hex').slice(0, 16);
}

/** The mutant being built now (null: the unmutated sources), and whether esbuild loaded its file. */
let current: { mutant: Mutant; target: string; applied: boolean } | null = null;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Applies the current mutant when esbuild loads its file. Only `files` reach the plugin: every
 * file esbuild hands to a plugin costs a round trip, a fifth of a rebuild for all of refhost's.
 */
function mutationPlugin(files: ReadonlySet<string>): Plugin {
  const filter = new RegExp(`^(?:${[...files].map(escapeRegExp).join('|')})$`);
  return {
    name: 'mhc-mutant',
    setup(b) {
      b.onLoad({ filter }, (args) => {
        if (current === null || resolve(args.path) !== current.target) return undefined;
        current.applied = true;
        return { contents: applyMutant(current.mutant, readFileSync(current.target, 'utf8')), loader: 'ts' };
      });
    },
  };
}

/**
 * An esbuild context keeps its process alive: it is closed once no build has been asked for in
 * this long (a script that builds one mutant then ends waits that much), and opened again on demand.
 */
const IDLE_CLOSE_MS = 10_000;
let shared: BuildContext | null = null;
let idle: NodeJS.Timeout | undefined;
/** Builds run one after another: the plugin reads the one current mutant. */
let queue: Promise<unknown> = Promise.resolve();
let waiting = 0;

/** The shared context: the files that mark seams are the ones its plugin sees. */
async function sharedContext(): Promise<BuildContext> {
  if (shared !== null) return shared;
  const files = new Set(refhostSeams().values());
  const ctx = await context({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'silent',
    plugins: [mutationPlugin(files)],
    // CommonJS dependencies inside an ES module bundle still call require().
    banner: { js: "import { createRequire as __refhostRequire } from 'node:module'; const require = __refhostRequire(import.meta.url);" },
  });
  shared = ctx;
  return ctx;
}

function closeWhenIdle(): void {
  clearTimeout(idle);
  if (waiting > 0) return;
  idle = setTimeout(() => {
    const closing = shared;
    shared = null;
    void closing?.dispose();
  }, IDLE_CLOSE_MS);
  idle.unref(); // the context, not the timer, is what keeps the process alive
}

/** The bundle's text with `mutant` applied (null: unmutated), and whether the mutant's file was part of it. */
function bundleWith(mutant: Mutant | null, target: string | null): Promise<{ contents: Uint8Array; applied: boolean }> {
  waiting += 1;
  clearTimeout(idle);
  const build = queue.then(async () => {
    current = mutant === null || target === null ? null : { mutant, target, applied: false };
    try {
      const result = await (await sharedContext()).rebuild();
      const [output] = result.outputFiles ?? [];
      if (output === undefined) throw new MutantError(`mutant ${mutant?.id ?? 'baseline'}: esbuild wrote no bundle`);
      return { contents: output.contents, applied: current?.applied ?? true };
    } finally {
      current = null;
      waiting -= 1;
      closeWhenIdle();
    }
  });
  queue = build.catch(() => undefined);
  return build;
}

/** Builds (or finds cached) the bundle of refhost with `mutant` applied; null = unmutated. Returns its path. */
export async function buildMutant(mutant: Mutant | null, cacheDir: string = MUTANT_CACHE_DIR): Promise<string> {
  const target = mutant === null ? null : seamFile(mutant.seam);
  if (mutant !== null && target !== null) applyMutant(mutant, readFileSync(target, 'utf8')); // refuse a bad find before building anything
  const outfile = join(cacheDir, `${mutant?.id ?? 'baseline'}-${buildKey(mutant)}.mjs`);
  if (existsSync(outfile)) return outfile;
  const { contents, applied } = await bundleWith(mutant, target);
  if (mutant !== null && target !== null && !applied)
    throw new MutantError(
      `mutant ${mutant.id}: reference-host/${relative(SOURCE_DIR, target)}, which marks seam ${mutant.seam}, is not part of refhost's CLI bundle`,
    );
  mkdirSync(cacheDir, { recursive: true });
  const temp = `${outfile}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, contents);
    renameSync(temp, outfile); // atomic: a half-written bundle is never taken from the cache
  } finally {
    rmSync(temp, { force: true });
  }
  return outfile;
}
