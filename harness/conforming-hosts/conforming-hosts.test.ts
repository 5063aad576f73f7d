// Proves the checks judge guarantees, not refhost's way of upholding them: every scenario runs
// against every conforming variant, each driven through its own profile exactly as a user's
// host would be, and every applicable check must PASS (UNSUPPORTED is fine where a variant
// lacks what the check needs). A FAIL here is a defect of the check, not of the variant.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createProfileAdapter } from '../adapters/profile-adapter.js';
import { loadHostProfile } from '../adapters/profile-schema.js';
import { runScenario, scenarioDeadlineMs } from '../runner/run-scenario.js';
import { loadScenarios } from '../scenario/load-scenarios.js';
import { suiteRoot } from '../suite-root.js';
import { requireBuilt } from '../vitest/require-built.js';

const PROFILES = join(suiteRoot(), 'harness', 'conforming-hosts', 'profiles');
/** Verdicts a conforming host must never get. */
const FALSE = new Set(['FAIL', 'NON-STRICT', 'HARNESS-ERROR']);

const adapters = readdirSync(PROFILES)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => createProfileAdapter(loadHostProfile(join(PROFILES, f))));
const scenarios = await loadScenarios();
let applicable = 0;
const falseVerdicts: string[] = [];

describe('conforming variants pass every applicable check', () => {
  beforeAll(() => requireBuilt('dist/conforming-host.mjs', ['reference-host', 'harness/conforming-hosts']));

  for (const adapter of adapters) {
    for (const scenario of scenarios) {
      test.concurrent(`${scenario.name} against ${adapter.name}`, { timeout: scenarioDeadlineMs(scenario, adapter.capabilities, 60_000) }, async () => {
        const { results } = await runScenario(scenario, { adapter });
        applicable += results.filter((r) => r.verdict !== 'UNSUPPORTED').length;
        const wrong = results.filter((r) => FALSE.has(r.verdict)).map((r) => `${r.verdict} ${r.id} against ${adapter.name}: ${r.observed}`);
        falseVerdicts.push(...wrong);
        expect(wrong).toEqual([]);
      });
    }
  }

  afterAll(() => {
    console.info(`conforming variants: ${falseVerdicts.length} false FAILs in ${applicable} checks (${adapters.map((a) => a.name).join(', ')})`);
  });
});
