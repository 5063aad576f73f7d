import { describe, expect, it } from 'vitest';
import { renderedText, seedProblems, specProblems } from './quote-check.js';
import type { SeedSource, SpecSource } from './source-schema.js';

const SEED_FILE = '标题\n\n1. 第一节\n\n甲乙丙。丁戊己。\n';
const seed: SeedSource = { doc: '000_6ec94f63f05727c9.txt', where: { section: '1. 第一节', lines: [5, 5] }, quote: '甲乙丙。 … 己。', gloss: 'g' };

const PAGE =
  '---\ntitle: Tools\n---\n\n## Security Considerations\n\n2. Clients **SHOULD**:\n   - Show tool inputs to the user before calling\n     the [server](/x)\n';
const spec: SpecSource = {
  revision: '2025-11-25',
  section: 'Tools › Security Considerations',
  path: 'docs/specification/2025-11-25/server/tools.mdx',
  url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#security-considerations',
  quote: 'Clients SHOULD: … Show tool inputs to the user before calling the server',
  keyword: 'SHOULD',
  party: 'client',
};

describe('quote checks', () => {
  it('the rendered text drops bold and link marks and joins line breaks', () => {
    expect(renderedText('a **MUST**\n  see [the page](/p) `x`')).toBe('a MUST see the page x');
  });

  it('accepts a seed quote standing at its lines under its heading, parts joined by " … "', () => {
    expect(seedProblems('X-1', seed, () => SEED_FILE)).toEqual([]);
  });

  it('names a seed quote that is not verbatim at its lines, and a heading that is not before them', () => {
    expect(seedProblems('X-1', { ...seed, quote: '甲乙丁。' }, () => SEED_FILE)).toEqual([
      'X-1: seed 000_6ec94f63f05727c9.txt lines 5-5 do not hold "甲乙丁。"',
    ]);
    expect(seedProblems('X-1', { ...seed, where: { section: '2. 第二节', lines: [5, 5] } }, () => SEED_FILE)).toEqual([
      'X-1: seed 000_6ec94f63f05727c9.txt has no heading "2. 第二节" before line 5',
    ]);
  });

  it('accepts a specification quote as the page renders it, and names a changed word and a missing heading', () => {
    expect(specProblems('X-1', spec, () => PAGE)).toEqual([]);
    expect(specProblems('X-1', { ...spec, quote: 'Clients MUST: … Show tool inputs' }, () => PAGE)).toEqual([
      'X-1: 2025-11-25 docs/specification/2025-11-25/server/tools.mdx does not say "Clients MUST:"',
    ]);
    expect(specProblems('X-1', { ...spec, section: 'Tools › Error Handling' }, () => PAGE)).toEqual([
      'X-1: 2025-11-25 docs/specification/2025-11-25/server/tools.mdx has no heading "Error Handling"',
    ]);
  });
});
