// Source mutants (issue 13): a mutant is one exact text replacement inside one named seam (a
// `// seam: NAME` line before a declaration, seams.ts) of a host's TypeScript sources, built into
// its own bundle with esbuild. The host is refhost (reference-host/), or one of the known-answer
// hosts (harness/known-answer-hosts/<name>/, issue 26), so a check is also shown to fail on code
// built nothing like refhost. Bundles are cached under node_modules/.cache/mhc-mutants/, keyed by
// the mutant and every source of its host, so an unchanged mutant is never rebuilt. The unmutated
// refhost build (mutant null) is the baseline a campaign checks first. A process builds its
// mutants one at a time, with one esbuild context per host: a rebuild parses only the mutated file again.
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
  /** The known-answer host (its folder under harness/known-answer-hosts/) the mutant changes; absent: refhost. */
  host: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a folder name')
    .optional(),
  /** The named seam of the host's sources the mutant changes (its `// seam: NAME` line), e.g. "isYes". */
  seam: z.string().regex(SEAM_NAME, 'a seam name (an identifier, or Class.member)'),
  /** Exact text that must occur exactly once inside that seam. */
  find: z.string().min(1),
  replace: z.string(),
  /** "GUARANTEE-ID: what it breaks". */
  breaks: z.string().regex(/^[A-Z]+-\d+: \S/, '"GUARANTEE-ID: what it breaks"'),
  /** Why this mutant, which the campaign cannot catch, is no breach of the catalogue's words in any setting the suite gives a host (issue 26): a survivor argued, reported apart. */
  argued: z.string().min(1).optional(),
});
export type Mutant = z.infer<typeof MutantSchema>;

export const MUTANT_CACHE_DIR = join(suiteRoot(), 'node_modules', '.cache', 'mhc-mutants');

/** The sources a mutant changes: a folder, the entry point bundled from it, and how messages name it. */
interface Subject {
  dir: string;
  entry: string;
  label: string;
}

const REFHOST: Subject = { dir: join(suiteRoot(), 'reference-host'), entry: join(suiteRoot(), 'reference-host', 'cli', 'main.ts'), label: 'reference-host/' };

/** The host whose sources `mutant` changes (refhost for the baseline, null). */
function subjectOf(mutant: Pick<Mutant, 'host'> | null): Subject {
  if (mutant?.host === undefined) return REFHOST;
  const dir = join(suiteRoot(), 'harness', 'known-answer-hosts', mutant.host);
  if (!existsSync(join(dir, 'main.ts'))) throw new MutantError(`no known-answer host ${mutant.host} (harness/known-answer-hosts/${mutant.host}/main.ts)`);
  return { dir, entry: join(dir, 'main.ts'), label: `harness/known-answer-hosts/${mutant.host}/` };
}

/** The guarantee a mutant breaks ("APPROVE-3"). */
export function brokenGuarantee(mutant: Mutant): string {
  return mutant.breaks.slice(0, mutant.breaks.indexOf(':'));
}

function countOccurrences(text: string, find: string): number {
  return text.split(find).length - 1;
}

/** Read once per process, by subject folder. */
const seamsByDir = new Map<string, ReadonlyMap<string, string>>();
/** A subject's seams, name -> file. */
function seamsOf(subject: Subject): ReadonlyMap<string, string> {
  let seams = seamsByDir.get(subject.dir);
  if (seams === undefined) seamsByDir.set(subject.dir, (seams = seamIndex(subject.dir)));
  return seams;
}

/** The file that marks the mutant's seam in its host's sources. */
export function seamFile(mutant: Pick<Mutant, 'seam' | 'host'>): string {
  const subject = subjectOf(mutant);
  const file = seamsOf(subject).get(mutant.seam);
  if (file === undefined) throw new MutantError(`no seam ${mutant.seam} is marked in ${subject.label} (a line "// seam: ${mutant.seam}" before a declaration)`);
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

const digests = new Map<string, string>();

/**
 * Changes with any source of the mutant's host, the lock file (bundled dependencies) or the
 * mutant. The sources are read once per process (a self-test asks for about a hundred keys): a
 * source edited while a process runs counts from its next run.
 */
function buildKey(mutant: Mutant | null, subject: Subject): string {
  let digest = digests.get(subject.dir);
  if (digest === undefined) {
    const hash = createHash('sha256');
    for (const file of [...sourceFiles(subject.dir).sort(), join(suiteRoot(), 'package-lock.json')]) {
      hash.update(relative(suiteRoot(), file)).update('\0').update(readFileSync(file)).update('\0');
    }
    digests.set(subject.dir, (digest = hash.digest('hex')));
  }
  return createHash('sha256').update(JSON.stringify(mutant)).update('\0').update(digest).digest('hex').slice(0, 16);
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
/** One context per subject folder. */
const contexts = new Map<string, BuildContext>();
let idle: NodeJS.Timeout | undefined;
/** Builds run one after another: the plugin reads the one current mutant. */
let queue: Promise<unknown> = Promise.resolve();
let waiting = 0;

/** The subject's context: the files that mark seams are the ones its plugin sees. */
async function contextFor(subject: Subject): Promise<BuildContext> {
  const open = contexts.get(subject.dir);
  if (open !== undefined) return open;
  const files = new Set(seamsOf(subject).values());
  const ctx = await context({
    entryPoints: [subject.entry],
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
  contexts.set(subject.dir, ctx);
  return ctx;
}

function closeWhenIdle(): void {
  clearTimeout(idle);
  if (waiting > 0) return;
  idle = setTimeout(() => {
    const closing = [...contexts.values()];
    contexts.clear();
    for (const ctx of closing) void ctx.dispose();
  }, IDLE_CLOSE_MS);
  idle.unref(); // the context, not the timer, is what keeps the process alive
}

/** The bundle's text with `mutant` applied (null: unmutated), and whether the mutant's file was part of it. */
function bundleWith(mutant: Mutant | null, subject: Subject, target: string | null): Promise<{ contents: Uint8Array; applied: boolean }> {
  waiting += 1;
  clearTimeout(idle);
  const build = queue.then(async () => {
    current = mutant === null || target === null ? null : { mutant, target, applied: false };
    try {
      const result = await (await contextFor(subject)).rebuild();
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

/** Builds (or finds cached) the bundle of the mutant's host with it applied; null = refhost unmutated. Returns its path. */
export async function buildMutant(mutant: Mutant | null, cacheDir: string = MUTANT_CACHE_DIR): Promise<string> {
  const subject = subjectOf(mutant);
  const target = mutant === null ? null : seamFile(mutant);
  if (mutant !== null && target !== null) applyMutant(mutant, readFileSync(target, 'utf8')); // refuse a bad find before building anything
  const outfile = join(cacheDir, `${mutant?.id ?? 'baseline'}-${buildKey(mutant, subject)}.mjs`);
  if (existsSync(outfile)) return outfile;
  const { contents, applied } = await bundleWith(mutant, subject, target);
  if (mutant !== null && target !== null && !applied)
    throw new MutantError(`mutant ${mutant.id}: ${subject.label}${relative(subject.dir, target)}, which marks seam ${mutant.seam}, is not part of its bundle`);
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
