// Renders docs/guarantees.md from the catalogue data, so the document and the IDs the
// checks cite never drift apart (catalogue.test.ts compares the file with this output).
// Each guarantee shows its sources: the seed passage and the specification's sentences.
import { GROUPS, GUARANTEES } from './guarantees.js';
import { keywordLabel, specCitations } from './source-citations.js';
import { TIER_TITLES } from './tiers.js';
import type { GuaranteeSources } from './source-schema.js';

function sourceLines(sources: GuaranteeSources | undefined): string[] {
  if (sources === undefined) return [];
  const { seed } = sources;
  const lines = seed.where.lines[0] === seed.where.lines[1] ? `line ${seed.where.lines[0]}` : `lines ${seed.where.lines[0]}–${seed.where.lines[1]}`;
  const out = [`  - Seed: ${seed.doc}, ${seed.where.section}, ${lines}: 「${seed.quote.replace(/\s+/g, ' ')}」 (${seed.gloss})`];
  const citations = specCitations(sources.spec);
  if (citations.length === 0) out.push("  - Specification: no sentence of it asks this; it is this catalogue's stricter contract.");
  for (const c of citations) {
    const where = c.places.map((p) => `[${p.revision} ${p.section}](${p.url})`).join(', ');
    out.push(`  - Specification, ${keywordLabel(c)}: "${c.quote}" (${where})${c.beyond === undefined ? '' : `. Beyond it: ${c.beyond}.`}`);
  }
  return out;
}

export function renderGuaranteesMarkdown(): string {
  const asked = GUARANTEES.filter((g) => (g.sources?.spec.length ?? 0) > 0).length;
  const lines = [
    '# Guarantees an MCP-tool host must uphold',
    '',
    '<!-- Generated from harness/catalogue/guarantees.ts by renderGuaranteesMarkdown(); edit the data, not this file. -->',
    '',
    'Levels: MUST (a miss is FAIL), SHOULD (a miss is NON-STRICT), MAY (INFO). Guarantees marked',
    '*optional* belong to features a host profile may declare absent (verdict UNSUPPORTED).',
    'Every ID is observed by at least one scenario check (`npx mcp-host-conformance run --list`).',
    '',
    'Sources: every guarantee restates a passage of the seed documents (quoted in the original',
    'Chinese, with an English gloss). Where the MCP specification (2025-11-25, 2026-07-28) asks a',
    'client or host for the same, its sentence is quoted with its requirement word; "Beyond it"',
    `says what the guarantee adds. ${asked} of ${GUARANTEES.length} guarantees have such a sentence; the others are this`,
    "catalogue's stricter contract. `run --required-by spec` (or `spec-must`, only MUST sentences)",
    'grades only checks of guarantees the specification asks; `report merge --required-by spec`',
    'narrows an existing report the same way. Every quote is checked verbatim against the seeds and',
    'a checkout of modelcontextprotocol/modelcontextprotocol by',
    '`npx tsx harness/catalogue/check-quotes.ts --seeds DIR --spec DIR`.',
    '',
    'Tiers: how much a breach weighs. *spec MUST* and *spec SHOULD*: a sentence of the',
    "specification asks it with that word (or a Key Principle); *safety*: this catalogue's own rule,",
    "whose breach exposes the user; *contract*: this catalogue's own behaviour (numbers, statuses,",
    'wording). A check weighs as its most demanding guarantee. Reports count each tier apart and',
    'lead with spec and safety; `run --tier` and `report merge --tier` keep only the tiers named.',
  ];
  for (const [group, title] of Object.entries(GROUPS)) {
    lines.push('', `## ${group}: ${title}`, '');
    for (const g of GUARANTEES.filter((x) => x.group === group)) {
      const tier = g.tier === undefined ? [] : [`  - Tier: ${TIER_TITLES[g.tier]}, ${g.tierWhy ?? ''}.`];
      lines.push(`- **${g.id}** ${g.level}${g.optional ? ' *(optional)*' : ''}. ${g.text}`, ...tier, ...sourceLines(g.sources));
    }
  }
  return `${lines.join('\n')}\n`;
}
