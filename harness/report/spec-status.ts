// Per guarantee of a report, whether the MCP specification asks it (with its sentences) or it
// is the catalogue's own stricter contract (issue 16, part 4): the words report.md and
// index.html show. A guarantee without sources (a report written before them) has no status.
import { keywordLabel, specCitations, type SpecCitation } from '../catalogue/source-citations.js';
import type { Guarantee } from './schema.js';

export type SpecStatus = { kind: 'spec'; citations: SpecCitation[] } | { kind: 'catalogue' } | { kind: 'unknown' };

export function specStatus(guarantee: Pick<Guarantee, 'sources'> | undefined): SpecStatus {
  if (guarantee?.sources === undefined) return { kind: 'unknown' };
  const citations = specCitations(guarantee.sources.spec);
  return citations.length === 0 ? { kind: 'catalogue' } : { kind: 'spec', citations };
}

export const CATALOGUE_ONLY = "this catalogue's stricter contract: no sentence of the MCP specification asks it";

/** "SHOULD (client), Tools › Security Considerations (2025-11-25, 2026-07-28)": one citation in one line, without the quote. */
export function citationLine(c: SpecCitation): string {
  const sections = [...new Set(c.places.map((p) => p.section))];
  return `${keywordLabel(c)}, ${sections.join(' / ')} (${c.places.map((p) => p.revision).join(', ')})`;
}
