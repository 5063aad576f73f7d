// The specification requirements a spec-tier check covers, named the way the official MCP
// conformance suite names them in its check results (src/types.ts, `specReferences`, e.g.
// { id: 'MCP-Tools', url: '.../specification/2025-06-18/server/tools#calling-tools' }): one per
// section of the specification whose sentence the check's guarantees cite, the id built from the
// revision, the page and the section's anchor ("MCP-2025-11-25-Tools-security-considerations";
// the revision is in it because the official ids of revision-bound requirements carry one, and
// each revision's page is its own address). Only spec-must and spec-should checks get them: the
// other tiers are this catalogue's own contract, with no sentence to point to.
import { guaranteeById } from '../catalogue/guarantees.js';
import type { SpecSource } from '../catalogue/source-schema.js';
import type { CheckResult, Guarantee, SpecReference } from './schema.js';
import { checkTier } from './tier-view.js';

/** "MCP-2025-11-25-Tools-security-considerations": revision, page title, the url's anchor. */
function referenceId(source: SpecSource): string {
  const page = source.section.split(' › ')[0] ?? source.section;
  const anchor = source.url.split('#')[1];
  return ['MCP', source.revision, page.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, ''), ...(anchor === undefined ? [] : [anchor])].join('-');
}

/** The field to spread into a check result: its references, or nothing for a check of another tier. */
export function specReferencesOf(
  guarantees: readonly string[],
  catalogue: ReadonlyMap<string, Pick<Guarantee, 'tier' | 'sources'>> = new Map(),
): Pick<CheckResult, 'specReferences'> {
  const tier = checkTier({ guarantees: [...guarantees] }, catalogue);
  if (tier !== 'spec-must' && tier !== 'spec-should') return {};
  const sources = guarantees.flatMap((id) => (catalogue.get(id) ?? guaranteeById(id))?.sources?.spec ?? []);
  const byUrl = new Map<string, SpecReference>(sources.map((s) => [s.url, { id: referenceId(s), url: s.url }]));
  return byUrl.size === 0 ? {} : { specReferences: [...byUrl.values()] };
}
