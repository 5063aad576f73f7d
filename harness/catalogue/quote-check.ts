// Proves the sources quote verbatim (issue 16, part 4): every seed quote stands in its seed
// file at the lines it names, every specification quote on its page of a checkout of
// modelcontextprotocol/modelcontextprotocol, with each heading its section names. Run by
// check-quotes.ts whenever sources change; the seeds and the specification are not in this
// repository, so no test can read them.
import type { SeedSource, SpecSource } from './source-schema.js';

/** The page as it renders: bold and code marks dropped, links reduced to their text, whitespace joined. */
export function renderedText(mdx: string): string {
  return mdx
    .replace(/\*\*/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .replace(/&mdash;/g, '—')
    .replace(/\s+/g, ' ');
}

/** Quotes join parts of one passage with " … " (a trailing " …" marks a cut). */
const parts = (quote: string): string[] =>
  quote
    .split(' … ')
    .map((p) => p.replace(/ …$/, ''))
    .filter((p) => p !== '');

export function seedProblems(id: string, s: SeedSource, read: (doc: string) => string): string[] {
  const lines = read(s.doc).split('\n');
  const [from, to] = s.where.lines;
  const text = lines.slice(from - 1, to).join('\n');
  const problems = parts(s.quote)
    .filter((p) => !text.includes(p))
    .map((p) => `${id}: seed ${s.doc} lines ${from}-${to} do not hold "${p}"`);
  const heading = lines.findIndex((l) => l.trim() === s.where.section);
  if (heading < 0 || heading + 1 > from) problems.push(`${id}: seed ${s.doc} has no heading "${s.where.section}" before line ${from}`);
  return problems;
}

/** Section parts that are bold list labels, not headings, in the specification's overview. */
const LIST_LABELS = new Set(['Tool Safety', 'User Consent and Control']);

export function specProblems(id: string, s: SpecSource, read: (path: string) => string): string[] {
  const page = read(s.path);
  const text = renderedText(page);
  const problems = parts(s.quote)
    .filter((p) => !text.includes(p))
    .map((p) => `${id}: ${s.revision} ${s.path} does not say "${p}"`);
  const headings = new Set(page.split('\n').flatMap((l) => /^#+ (.+?)\s*$/.exec(l)?.slice(1) ?? []));
  for (const h of s.section.split(' › ').slice(1)) {
    if (!headings.has(h) && !LIST_LABELS.has(h)) problems.push(`${id}: ${s.revision} ${s.path} has no heading "${h}"`);
  }
  return problems;
}
