// `npm test`'s conformance run: every scenario against the reference host through the
// scheduler the CLI uses, one test per scenario: every check must PASS, and nothing outlives
// the host (issue 23 item 6: it would be in the report's notes).
import { beforeAll, describe, expect, test } from 'vitest';
import { resolveHost } from '../adapters/resolve-host.js';
import type { CheckResult, Leftover } from '../report/schema.js';
import { loadScenarios } from '../scenario/load-scenarios.js';
import { requireBuilt } from '../vitest/require-built.js';
import { runScenarios } from './run-scenarios.js';

const scenarios = await loadScenarios();
const adapter = resolveHost('reference');
let results = new Map<string, CheckResult[]>();
const leftovers = new Map<string, Leftover[]>();

describe('the reference host passes every check', () => {
  beforeAll(async () => {
    requireBuilt('dist/refhost.mjs', ['reference-host']);
    results = await runScenarios(
      scenarios.map((scenario) => ({ id: scenario.name, scenario, adapter })),
      { onFinish: (item, _results, left) => leftovers.set(item.id, left) },
    );
  }, 600_000);

  for (const scenario of scenarios) {
    test(scenario.name, () => {
      const bad = (results.get(scenario.name) ?? []).filter((r) => r.verdict !== 'PASS');
      expect(
        bad.map((r) => `${r.verdict} ${r.id} [${r.guarantees.join(', ')}]\n  expected: ${r.expected}\n  observed: ${r.observed}\n  rerun: ${r.rerun}`),
      ).toEqual([]);
      expect(results.get(scenario.name)?.length).toBe(scenario.checks.length);
      expect(leftovers.get(scenario.name)).toEqual([]);
    });
  }
});
