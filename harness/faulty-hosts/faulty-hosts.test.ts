// Proves the checks can fail: every scenario runs against each faulty host its checks name
// in `provenBy`, and each such check must FAIL there (its PASS against the reference host is
// asserted by the conformance run). A faulty host is refhost with a fault injected through
// its seams (faults.ts) or a one-line source mutant of it (mutants.ts, built and cached).
// Prints the detection rate. Pairs that cannot fail yet are listed in PENDING with the
// reason; they must leave the list once they do.
import { afterAll, describe, expect, test } from 'vitest';
import type { HostAdapter } from '../adapters/host-adapter.js';
import { runScenario } from '../runner/run-scenario.js';
import { loadScenarios } from '../scenario/load-scenarios.js';
import type { Scenario } from '../scenario/scenario-schema.js';
import { createFaultyHostAdapter } from './faulty-host-adapter.js';
import { FAULTS } from './faults.js';
import { buildMutant } from './mutant-build.js';
import { createMutantHostAdapter } from './mutant-host-adapter.js';
import { MUTANTS } from './mutants.js';

/** "<check id>@<fault>" or "*@<fault>" -> why that fault cannot make the check fail yet. */
const PENDING: Readonly<Record<string, string>> = {};

/** The faulty host named in a provenBy list: a seam fault or a source mutant; null when neither exists. */
async function faultyHost(fault: string): Promise<HostAdapter | null> {
  if (FAULTS[fault] !== undefined) return createFaultyHostAdapter(fault);
  const mutant = MUTANTS.find((m) => m.id === fault);
  return mutant === undefined ? null : createMutantHostAdapter(fault, await buildMutant(mutant));
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

describe('faulty hosts make the checks that name them fail', () => {
  for (const scenario of scenarios) {
    const faults = [...new Set(scenario.checks.flatMap((c) => c.provenBy))].sort();
    for (const fault of faults) for (const protocol of revisionsOf(scenario)) {
      test.concurrent(`${scenario.name} against ${fault}${protocol === undefined ? '' : ` on ${protocol}`}`, { timeout: 60_000 }, async () => {
        const adapter = await faultyHost(fault);
        if (adapter === null) {
          expect(pendingReason('*', fault), `fault "${fault}" is in neither faults.ts nor mutants.ts, nor pending`).toBeDefined();
          return;
        }
        const { results } = await runScenario({ ...scenario, protocol }, { adapter });
        const problems: string[] = [];
        for (const check of scenario.checks.filter((c) => c.provenBy.includes(fault))) {
          const id = `${scenario.name}/${check.id}`;
          const result = results.find((r) => r.id === id);
          const failed = result?.verdict === 'FAIL' || result?.verdict === 'NON-STRICT';
          if (failed) failedSomewhere.add(id);
          const pending = pendingReason(id, fault);
          if (pending === undefined && !failed) problems.push(`${id} was ${result?.verdict ?? 'missing'} against ${fault}: ${result?.observed ?? ''}`);
          if (pending !== undefined && failed) problems.push(`${id}@${fault} now fails: remove it from PENDING`);
        }
        expect(problems).toEqual([]);
      });
    }
  }

  afterAll(() => {
    const unproven = allChecks.filter((id) => !failedSomewhere.has(id));
    console.info(
      `faulty-host detection rate: ${failedSomewhere.size}/${allChecks.length} checks shown to fail` +
        (unproven.length > 0 ? `; not yet shown to fail: ${unproven.join(' ')}` : ''),
    );
  });
});
