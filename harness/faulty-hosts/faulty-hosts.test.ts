// Proves the checks can fail: every scenario runs against each faulty host its checks name
// in `provenBy`, and each such check must FAIL there (its PASS against the reference host is
// asserted by the conformance run). A faulty host is refhost with a fault injected through
// its seams (faults.ts) or a one-line source mutant of it (mutants.ts, built and cached), or a
// source mutant of a known-answer host (KNOWN_ANSWER_MUTANTS: proof on code unlike refhost's).
// All runs go through the CLI's scheduler (longest first, as many at once as the CPU allows).
// Prints the detection rate. Pairs that cannot fail yet are listed in PENDING with the
// reason; they must leave the list once they do.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { HostAdapter } from '../adapters/host-adapter.js';
import { runScenarios, type ScenarioRunItem } from '../conformance/run-scenarios.js';
import type { CheckResult } from '../report/schema.js';
import { loadScenarios } from '../scenario/load-scenarios.js';
import type { Scenario } from '../scenario/scenario-schema.js';
import { requireBuilt } from '../vitest/require-built.js';
import { createFaultyHostAdapter } from './faulty-host-adapter.js';
import { FAULTS } from './faults.js';
import { buildMutant } from './mutant-build.js';
import { createMutantHostAdapter } from './mutant-host-adapter.js';
import { KNOWN_ANSWER_MUTANTS, MUTANTS } from './mutants.js';

/** "<check id>@<fault>" or "*@<fault>" -> why that fault cannot make the check fail yet. */
const PENDING: Readonly<Record<string, string>> = {};

/** The faulty host named in a provenBy list: a seam fault or a source mutant; null when neither exists. */
async function faultyHost(fault: string): Promise<HostAdapter | null> {
  if (FAULTS[fault] !== undefined) return createFaultyHostAdapter(fault);
  const mutant = [...MUTANTS, ...KNOWN_ANSWER_MUTANTS].find((m) => m.id === fault);
  return mutant === undefined ? null : createMutantHostAdapter(mutant, await buildMutant(mutant));
}

const pendingReason = (check: string, fault: string): string | undefined => PENDING[`${check}@${fault}`] ?? PENDING[`*@${fault}`];

/**
 * The revisions a scenario's faulty hosts run on: the default offer (refhost picks 2026-07-28),
 * and 2025-11-25 too where a server asks the host (ASK-*), because there the two revisions take
 * different paths (a server-to-client request against an input_required round trip).
 */
function revisionsOf(scenario: Scenario): (Scenario['protocol'] | undefined)[] {
  const asks = scenario.checks.some((c) => c.guarantees.some((g) => g.startsWith('ASK-')));
  return asks && scenario.protocol === undefined ? [undefined, '2025-11-25'] : [scenario.protocol];
}

const scenarios = await loadScenarios();
const allChecks = scenarios.flatMap((s) => s.checks.map((c) => `${s.name}/${c.id}`));
const failedSomewhere = new Set<string>();
/** Checks shown to fail on a known-answer host's mutant: proof on code not built like refhost. */
const failedOnOtherCode = new Set<string>();
const knownAnswerIds = new Set(KNOWN_ANSWER_MUTANTS.map((m) => m.id));
const pairs = scenarios.flatMap((scenario) =>
  [...new Set(scenario.checks.flatMap((c) => c.provenBy))].sort().flatMap((fault) =>
    revisionsOf(scenario).map((protocol) => ({
      id: `${scenario.name} against ${fault}${protocol === undefined ? '' : ` on ${protocol}`}`,
      scenario,
      fault,
      protocol,
    })),
  ),
);
const adapters = new Map<string, HostAdapter | null>();
let results = new Map<string, CheckResult[]>();

describe('faulty hosts make the checks that name them fail', () => {
  beforeAll(async () => {
    requireBuilt('dist/refhost.mjs', ['reference-host']);
    for (const fault of new Set(pairs.map((p) => p.fault))) adapters.set(fault, await faultyHost(fault));
    const items: ScenarioRunItem[] = pairs.flatMap((p) => {
      const adapter = adapters.get(p.fault);
      return adapter == null ? [] : [{ id: p.id, scenario: p.scenario, adapter, ...(p.protocol === undefined ? {} : { protocol: p.protocol }) }];
    });
    results = await runScenarios(items);
  }, 1_800_000);

  for (const pair of pairs) {
    test(pair.id, () => {
      const { scenario, fault } = pair;
      if (adapters.get(fault) === null) {
        expect(pendingReason('*', fault), `fault "${fault}" is in neither faults.ts nor mutants.ts (refhost or known-answer), nor pending`).toBeDefined();
        return;
      }
      const ran = results.get(pair.id) ?? [];
      const problems: string[] = [];
      for (const check of scenario.checks.filter((c) => c.provenBy.includes(fault))) {
        const id = `${scenario.name}/${check.id}`;
        const result = ran.find((r) => r.id === id);
        const failed = result?.verdict === 'FAIL' || result?.verdict === 'NON-STRICT';
        if (failed) failedSomewhere.add(id);
        if (failed && knownAnswerIds.has(fault)) failedOnOtherCode.add(id);
        const pending = pendingReason(id, fault);
        if (pending === undefined && !failed) problems.push(`${id} was ${result?.verdict ?? 'missing'} against ${fault}: ${result?.observed ?? ''}`);
        if (pending !== undefined && failed) problems.push(`${id}@${fault} now fails: remove it from PENDING`);
      }
      expect(problems).toEqual([]);
    });
  }

  afterAll(() => {
    const unproven = allChecks.filter((id) => !failedSomewhere.has(id));
    console.info(
      `faulty-host detection rate: ${failedSomewhere.size}/${allChecks.length} checks shown to fail` +
        `, ${failedOnOtherCode.size} of them on a known-answer host's mutant too` +
        (unproven.length > 0 ? `; not yet shown to fail: ${unproven.join(' ')}` : ''),
    );
  });
});
