// One view of a guarantee's specification sources for every writer (docs/guarantees.md,
// report.md, index.html): records that quote the same sentence in several revisions become
// one citation listing each revision's page, so a reader sees each sentence once.
import type { SpecSource } from './source-schema.js';

export interface SpecCitation {
  keyword: SpecSource['keyword'];
  party: SpecSource['party'];
  quote: string;
  beyond: string | undefined;
  /** Where it stands, one entry per revision, in the order given. */
  places: { revision: SpecSource['revision']; section: string; url: string }[];
}

export function specCitations(sources: readonly SpecSource[]): SpecCitation[] {
  const byQuote = new Map<string, SpecCitation>();
  for (const s of sources) {
    const key = `${s.keyword}\u0000${s.quote}\u0000${s.beyond ?? ''}`;
    const entry = byQuote.get(key) ?? { keyword: s.keyword, party: s.party, quote: s.quote, beyond: s.beyond, places: [] };
    entry.places.push({ revision: s.revision, section: s.section, url: s.url });
    byQuote.set(key, entry);
  }
  return [...byQuote.values()];
}

/** "MUST (client)" or "Key Principle (host)": the requirement word as a reader should take it. */
export function keywordLabel(c: Pick<SpecCitation, 'keyword' | 'party'>): string {
  return `${c.keyword === 'principle' ? 'Key Principle' : c.keyword} (${c.party})`;
}
