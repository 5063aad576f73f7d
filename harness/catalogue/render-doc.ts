// Renders docs/guarantees.md from the catalogue data, so the document and the IDs the
// checks cite never drift apart (catalogue.test.ts compares the file with this output).
import { GROUPS, GUARANTEES } from './guarantees.js';

export function renderGuaranteesMarkdown(): string {
  const lines = [
    '# Guarantees an MCP-tool host must uphold',
    '',
    '<!-- Generated from harness/catalogue/guarantees.ts by renderGuaranteesMarkdown(); edit the data, not this file. -->',
    '',
    'Levels: MUST (a miss is FAIL), SHOULD (a miss is NON-STRICT), MAY (INFO). Guarantees marked',
    '*optional* belong to features a host profile may declare absent (verdict UNSUPPORTED).',
    'Every ID is observed by at least one scenario check (`npx mcp-host-conformance run --list`).',
  ];
  for (const [group, title] of Object.entries(GROUPS)) {
    lines.push('', `## ${group}: ${title}`, '');
    for (const g of GUARANTEES.filter((x) => x.group === group)) {
      lines.push(`- **${g.id}** ${g.level}${g.optional ? ' *(optional)*' : ''}. ${g.text}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
