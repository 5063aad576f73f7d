// Ties the catalogue to the scenarios (read as imported data, never as source text): every
// guarantee ID has a check, every check cites a known ID, and docs/guarantees.md is the
// rendering of the data. IDs not yet covered sit in PENDING, printed on every run; an ID
// that gets a check must leave PENDING, so the list can only shrink to empty.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadScenarios } from '../scenario/load-scenarios.js';
import { suiteRoot } from '../suite-root.js';
import { GUARANTEES, guaranteeById } from './guarantees.js';
import { renderGuaranteesMarkdown } from './render-doc.js';

const PENDING: readonly string[] = [
  'DISCOVER-2', 'DISCOVER-3', 'DISCOVER-4', 'DISCOVER-5', 'DISCOVER-6',
  'EXPOSE-1', 'EXPOSE-2', 'EXPOSE-3', 'EXPOSE-4', 'EXPOSE-5', 'EXPOSE-6',
  'APPROVE-4', 'APPROVE-5', 'APPROVE-6',
  'RESULT-1', 'RESULT-2', 'RESULT-4', 'RESULT-5', 'RESULT-6', 'RESULT-7', 'RESULT-8', 'RESULT-9',
  'UNKNOWN-1', 'UNKNOWN-2',
  'CRED-1', 'CRED-4', 'CRED-5', 'CRED-6',
  'NET-1', 'NET-3', 'NET-4',
  'STDIO-1', 'STDIO-6',
  'LIMIT-1', 'LIMIT-2', 'LIMIT-3',
  'REPLAY-1', 'REPLAY-2', 'REPLAY-3',
  'CONFIG-1', 'CONFIG-2', 'CONFIG-3',
  'INJECT-1', 'INJECT-2', 'INJECT-3', 'INJECT-4',
  'RESOURCE-1', 'RESOURCE-2', 'RESOURCE-3',
  'PROMPT-1',
  'POLICY-1', 'POLICY-2', 'POLICY-3', 'POLICY-4',
  'TELEMETRY-1', 'TELEMETRY-2',
  'TRANSPORT-2',
];

const scenarios = await loadScenarios();
const cited = new Set(scenarios.flatMap((s) => s.checks.flatMap((c) => c.guarantees)));

describe('the guarantee catalogue', () => {
  test('has unique IDs numbered within their group', () => {
    const ids = GUARANTEES.map((g) => g.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const g of GUARANTEES) expect(g.id).toMatch(new RegExp(`^${g.group}-\\d+$`));
  });

  test('every check cites only known guarantee IDs', () => {
    const unknown = scenarios.flatMap((s) => s.checks.flatMap((c) => c.guarantees.filter((id) => guaranteeById(id) === undefined).map((id) => `${s.name}/${c.id}: ${id}`)));
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

  test('docs/guarantees.md is the rendering of the catalogue data', () => {
    expect(readFileSync(join(suiteRoot(), 'docs', 'guarantees.md'), 'utf8')).toBe(renderGuaranteesMarkdown());
  });
});
