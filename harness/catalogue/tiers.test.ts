import { describe, expect, test } from 'vitest';
import { GUARANTEES } from './guarantees.js';
import { HAND_PLACED, highestTier, tierFromSources } from './tiers.js';

describe('tiers', () => {
  test('every guarantee has a tier and a reason', () => {
    for (const g of GUARANTEES) {
      expect(g.tier, g.id).toBeDefined();
      expect(g.tierWhy?.length ?? 0, g.id).toBeGreaterThan(10);
    }
  });

  test('a guarantee the specification asks takes its tier from the sentence, never from the hand list', () => {
    for (const id of HAND_PLACED) expect(GUARANTEES.find((g) => g.id === id)?.sources?.spec ?? [], id).toEqual([]);
    const asked = GUARANTEES.filter((g) => (g.sources?.spec.length ?? 0) > 0);
    expect(asked.length).toBeGreaterThan(0);
    for (const g of asked) expect(g.tier === 'spec-must' || g.tier === 'spec-should', g.id).toBe(true);
    // A MUST sentence outweighs the SHOULD sentences beside it.
    const credOne = GUARANTEES.find((g) => g.id === 'CRED-1');
    expect(tierFromSources('CRED-1', credOne?.sources)?.tier).toBe('spec-must');
  });

  test('every hand-placed ID is a guarantee of the catalogue', () => {
    const ids = new Set(GUARANTEES.map((g) => g.id));
    for (const id of HAND_PLACED) expect(ids.has(id), id).toBe(true);
  });

  test('a check weighs as its most demanding guarantee', () => {
    expect(highestTier(['contract', 'safety'])).toBe('safety');
    expect(highestTier(['safety', 'spec-should'])).toBe('spec-should');
    expect(highestTier(['contract'])).toBe('contract');
  });
});
