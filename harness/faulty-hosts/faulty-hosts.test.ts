// Proves the checks can fail: every scenario runs against each faulty host its checks name
// in `provenBy`, and each such check must FAIL there (its PASS against the reference host is
// asserted by the conformance run). Prints the detection rate. Pairs that cannot fail yet
// are listed in PENDING with the reason; they must leave the list once they do.
import { afterAll, describe, expect, test } from 'vitest';
import { runScenario } from '../runner/run-scenario.js';
import { loadScenarios } from '../scenario/load-scenarios.js';
import { createFaultyHostAdapter } from './faulty-host-adapter.js';
import { FAULTS } from './faults.js';

/** "<check id>@<fault>" or "*@<fault>" -> why that fault cannot make the check fail yet. */
const PENDING: Readonly<Record<string, string>> = {
  '*@rate-limit-per-second': 'a rate window of one second needs a source mutant of refhost (RATE_WINDOW_MS); it comes with the mutant builder',
  '*@approve-answer-starts-with-y': 'source mutant; comes with the mutant builder',
  '*@approve-answer-includes-y': 'source mutant; comes with the mutant builder',
  '*@approve-anything-but-no': 'source mutant; comes with the mutant builder',
  '*@approve-ok-and-sure-approve': 'source mutant; comes with the mutant builder',
  '*@unknown-gate-armed-once': 'source mutant; comes with the mutant builder',
  '*@limit-call-cap-turn-goes-on': 'source mutant; comes with the mutant builder',
  '*@limit-call-cap-per-response': 'source mutant; comes with the mutant builder',
};

const pendingReason = (check: string, fault: string): string | undefined => PENDING[`${check}@${fault}`] ?? PENDING[`*@${fault}`];

const scenarios = await loadScenarios();
const allChecks = scenarios.flatMap((s) => s.checks.map((c) => `${s.name}/${c.id}`));
const failedSomewhere = new Set<string>();

describe('faulty hosts make the checks that name them fail', () => {
  for (const scenario of scenarios) {
    const faults = [...new Set(scenario.checks.flatMap((c) => c.provenBy))].sort();
    for (const fault of faults) {
      const runnable = FAULTS[fault] !== undefined;
      test.concurrent(`${scenario.name} against ${fault}`, { timeout: 60_000 }, async () => {
        if (!runnable) {
          expect(pendingReason('*', fault), `fault "${fault}" is neither in faults.ts nor pending`).toBeDefined();
          return;
        }
        const { results } = await runScenario(scenario, { adapter: createFaultyHostAdapter(fault) });
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
