// Ties the catalogue to the scenarios (read as imported data, never as source text): every
// guarantee ID has a check, every check cites a known ID, and docs/guarantees.md is the
// rendering of the data. IDs not yet covered sit in PENDING, printed on every run; an ID
// that gets a check must leave PENDING, so the list can only shrink to empty.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadScenarios } from '../scenario/load-scenarios.js';
import { suiteRoot } from '../suite-root.js';
import { GUARANTEES, guaranteeById, isRequiredBy } from './guarantees.js';
import { renderGuaranteesMarkdown } from './render-doc.js';
import { GuaranteeSourcesSchema } from './source-schema.js';
import { SEED_SOURCES } from './sources-seed.js';
import { SPEC_SOURCES } from './sources-spec.js';

// Every guarantee has a check; a newly added ID may wait here for its first one.
const PENDING: readonly string[] = [];

const scenarios = await loadScenarios();
const cited = new Set(scenarios.flatMap((s) => s.checks.flatMap((c) => c.guarantees)));

describe('the guarantee catalogue', () => {
  test('has unique IDs numbered within their group', () => {
    const ids = GUARANTEES.map((g) => g.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const g of GUARANTEES) expect(g.id).toMatch(new RegExp(`^${g.group}-\\d+$`));
  });

  test('every check cites only known guarantee IDs', () => {
    const unknown = scenarios.flatMap((s) =>
      s.checks.flatMap((c) => c.guarantees.filter((id) => guaranteeById(id) === undefined).map((id) => `${s.name}/${c.id}: ${id}`)),
    );
    expect(unknown).toEqual([]);
  });

  test('every guarantee ID has at least one check, except the printed pending list', () => {
    const uncovered = GUARANTEES.map((g) => g.id).filter((id) => !cited.has(id));
    const pendingLeft = PENDING.filter((id) => !cited.has(id));
    if (pendingLeft.length > 0) console.info(`guarantees without a check yet (${pendingLeft.length}): ${pendingLeft.join(' ')}`);
    expect(uncovered.filter((id) => !PENDING.includes(id))).toEqual([]);
  });

  test('an ID leaves the pending list once a check cites it', () => {
    expect(PENDING.filter((id) => cited.has(id))).toEqual([]);
    expect(PENDING.filter((id) => guaranteeById(id) === undefined)).toEqual([]);
  });

  test('every guarantee names its seed passage, and its sources are valid records', () => {
    expect(GUARANTEES.filter((g) => g.sources === undefined).map((g) => g.id)).toEqual([]);
    for (const g of GUARANTEES) expect(GuaranteeSourcesSchema.safeParse(g.sources).success, g.id).toBe(true);
  });

  test('sources name only guarantee IDs of the catalogue', () => {
    const unknown = [...Object.keys(SEED_SOURCES), ...Object.keys(SPEC_SOURCES)].filter((id) => guaranteeById(id) === undefined);
    expect(unknown).toEqual([]);
  });

  test('a specification source quotes a sentence with its requirement word, and a revision cites each page once per sentence', () => {
    for (const [id, list] of Object.entries(SPEC_SOURCES)) {
      expect(list.length, id).toBeGreaterThan(0);
      for (const s of list) expect(s.quote.includes(s.keyword === 'principle' ? 'must' : s.keyword), `${id} ${s.revision}`).toBe(true);
      const keys = list.map((s) => `${s.revision} ${s.path} ${s.quote}`);
      expect(new Set(keys).size, id).toBe(keys.length);
    }
  });

  test('--required-by keeps every guarantee for catalogue, the ones a sentence asks for spec, and the MUST ones for spec-must', () => {
    const kept = (scope: 'catalogue' | 'spec' | 'spec-must') => GUARANTEES.filter((g) => isRequiredBy(g, scope)).map((g) => g.id);
    expect(kept('catalogue')).toHaveLength(GUARANTEES.length);
    expect(kept('spec')).toEqual(GUARANTEES.filter((g) => (SPEC_SOURCES[g.id] ?? []).length > 0).map((g) => g.id));
    expect(kept('spec')).toContain('APPROVE-1');
    expect(kept('spec')).not.toContain('APPROVE-2');
    expect(kept('spec-must')).toEqual(['APPROVE-4', 'CRED-1', 'CRED-2', 'CONFIG-1', 'ASK-1', 'ASK-3']);
    expect(isRequiredBy(undefined, 'spec')).toBe(false);
  });

  test('docs/guarantees.md is the rendering of the catalogue data', () => {
    expect(readFileSync(join(suiteRoot(), 'docs', 'guarantees.md'), 'utf8')).toBe(renderGuaranteesMarkdown());
  });
});
