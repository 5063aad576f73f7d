import { describe, expect, test } from 'vitest';
import { pass } from './evidence.js';
import { parseScenario, selectScenarios } from './load-scenarios.js';
import type { ScenarioInput } from './scenario-schema.js';

const valid: ScenarioInput = {
  title: 'x',
  servers: { docs: { transport: 'http', behaviour: { tools: [{ name: 'search' }] } } },
  model: [{ message: 'hi' }],
  user: [{ send: 'hi' }],
  checks: [{ id: 'one', guarantees: ['APPROVE-1'], expected: 'e', provenBy: [], grade: () => pass('ok') }],
};

describe('scenario files', () => {
  test('a valid scenario gets its name from the file', () => {
    expect(parseScenario(valid, '/s/approve-once.scenario.ts').name).toBe('approve-once');
  });

  test('a bad behaviour field is named by its path, with the file', () => {
    const bad = { ...valid, servers: { docs: { transport: 'http', behaviour: { tools: [{ name: 'search', outcome: { kind: 'nope' } }] } } } };
    expect(() => parseScenario(bad, '/s/bad.scenario.ts')).toThrow(/scenario \/s\/bad\.scenario\.ts:[\s\S]*servers\.docs\.behaviour\.tools\.0\.outcome/);
  });

  test('unknown guarantee IDs and repeated check ids are refused', () => {
    const checks = [valid.checks[0]!, { ...valid.checks[0]!, guarantees: ['NOPE-9'] }];
    expect(() => parseScenario({ ...valid, checks }, '/s/x.scenario.ts')).toThrow(
      /checks\.1\.id: "one" is used twice[\s\S]*checks\.1\.guarantees\.0: unknown guarantee NOPE-9/,
    );
  });

  test('a check without a grade function is refused', () => {
    expect(() => parseScenario({ ...valid, checks: [{ ...valid.checks[0]!, grade: 'pass' }] }, '/s/x.scenario.ts')).toThrow(
      /checks\.0\.grade: must be a function/,
    );
  });

  test('file names must be kebab-case', () => {
    expect(() => parseScenario(valid, '/s/Bad_Name.scenario.ts')).toThrow(/not kebab-case/);
  });

  test('filters select scenarios by name prefix and checks by guarantee prefix', () => {
    const a = parseScenario(valid, '/s/approve-once.scenario.ts');
    const b = parseScenario({ ...valid, checks: [{ ...valid.checks[0]!, guarantees: ['NET-2'] }] }, '/s/redirect.scenario.ts');
    expect(selectScenarios([a, b], { scenario: ['redir'] }).map((s) => s.name)).toEqual(['redirect']);
    expect(selectScenarios([a, b], { guarantee: ['APPROVE'] }).map((s) => s.name)).toEqual(['approve-once']);
    expect(selectScenarios([a, b], { guarantee: ['NET-2'] }).map((s) => s.name)).toEqual(['redirect']);
  });

  test('--required-by spec keeps only checks of a guarantee the specification asks, together with the other filters', () => {
    const mixed = parseScenario(
      {
        ...valid,
        checks: [
          valid.checks[0]!,
          { ...valid.checks[0]!, id: 'two', guarantees: ['APPROVE-2'] },
          { ...valid.checks[0]!, id: 'both', guarantees: ['APPROVE-2', 'APPROVE-4'] },
        ],
      },
      '/s/approve-once.scenario.ts',
    );
    const b = parseScenario({ ...valid, checks: [{ ...valid.checks[0]!, guarantees: ['NET-2'] }] }, '/s/redirect.scenario.ts');
    const checks = (filter: Parameters<typeof selectScenarios>[1]) =>
      selectScenarios([mixed, b], filter).flatMap((s) => s.checks.map((c) => `${s.name}/${c.id}`));
    expect(checks({ requiredBy: 'catalogue' })).toEqual(['approve-once/one', 'approve-once/two', 'approve-once/both', 'redirect/one']);
    expect(checks({ requiredBy: 'spec' })).toEqual(['approve-once/one', 'approve-once/both']);
    expect(checks({ requiredBy: 'spec-must' })).toEqual(['approve-once/both']);
    expect(checks({ requiredBy: 'spec', guarantee: ['APPROVE-2'] })).toEqual([]);
    expect(checks({ requiredBy: 'spec', guarantee: ['APPROVE-4'] })).toEqual(['approve-once/both']);
  });

  test('--tier keeps only checks whose most demanding guarantee is of a tier named', () => {
    // APPROVE-1 spec SHOULD, APPROVE-2 safety, APPROVE-4 spec MUST, APPROVE-6 contract.
    const mixed = parseScenario(
      {
        ...valid,
        checks: [
          valid.checks[0]!,
          { ...valid.checks[0]!, id: 'two', guarantees: ['APPROVE-2'] },
          { ...valid.checks[0]!, id: 'both', guarantees: ['APPROVE-6', 'APPROVE-4'] },
          { ...valid.checks[0]!, id: 'six', guarantees: ['APPROVE-6'] },
        ],
      },
      '/s/approve-once.scenario.ts',
    );
    const checks = (tiers: Parameters<typeof selectScenarios>[1]['tiers']) => selectScenarios([mixed], { tiers }).flatMap((s) => s.checks.map((c) => c.id));
    expect(checks(undefined)).toEqual(['one', 'two', 'both', 'six']);
    expect(checks(['spec-must'])).toEqual(['both']);
    expect(checks(['safety', 'spec-should'])).toEqual(['one', 'two']);
    expect(checks(['contract'])).toEqual(['six']);
  });
});

describe('user steps', () => {
  test('a bad step is named by its index and field', () => {
    expect(() => parseScenario({ ...valid, user: [{ send: 'hi' }, { approval: 'maybe' }] }, '/s/x.scenario.ts')).toThrow(/user\.1\.approval/);
    expect(() => parseScenario({ ...valid, user: [{ dance: true }] }, '/s/x.scenario.ts')).toThrow(/user\.0: a user step needs one of: send, approval/);
  });
});
