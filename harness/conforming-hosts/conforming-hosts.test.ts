// Proves the checks judge guarantees, not refhost's way of upholding them: every scenario runs
// against every conforming variant, each driven through its own profile exactly as a user's
// host would be, and every applicable check must PASS (UNSUPPORTED is fine where a variant
// lacks what the check needs). A FAIL here is a defect of the check, not of the variant.
// All runs go through the CLI's scheduler (longest first, as many at once as the CPU allows).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createProfileAdapter } from '../adapters/profile-adapter.js';
import { loadHostProfile } from '../adapters/profile-schema.js';
import { runScenarios } from '../conformance/run-scenarios.js';
import type { CheckResult } from '../report/schema.js';
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
const items = adapters.flatMap((adapter) => scenarios.map((scenario) => ({ id: `${scenario.name} against ${adapter.name}`, scenario, adapter })));
let results = new Map<string, CheckResult[]>();
/** By item: a retried test (vitest.config.ts) replaces its own entry instead of counting twice. */
const falseVerdicts = new Map<string, string[]>();

describe('conforming variants pass every applicable check', () => {
  beforeAll(async () => {
    requireBuilt('dist/conforming-host.mjs', ['reference-host', 'harness/conforming-hosts']);
    results = await runScenarios(items);
  }, 1_800_000);

  for (const item of items) {
    test(item.id, () => {
      const wrong = (results.get(item.id) ?? [])
        .filter((r) => FALSE.has(r.verdict))
        .map((r) => `${r.verdict} ${r.id} against ${item.adapter.name}: ${r.observed}`);
      falseVerdicts.set(item.id, wrong);
      expect(wrong).toEqual([]);
      expect(results.get(item.id)?.length).toBe(item.scenario.checks.length);
    });
  }

  afterAll(() => {
    const applicable = [...results.values()].flat().filter((r) => r.verdict !== 'UNSUPPORTED').length;
    console.info(
      `conforming variants: ${[...falseVerdicts.values()].flat().length} false FAILs in ${applicable} checks (${adapters.map((a) => a.name).join(', ')})`,
    );
  });
});
