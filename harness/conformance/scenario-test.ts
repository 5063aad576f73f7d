// One vitest test per scenario, its check results attached to the test's meta for the
// conformance reporter. The test fails when any check is FAIL or HARNESS-ERROR. Used by the
// npm-test entry (run-scenarios.test.ts) and by the per-scenario files the CLI generates.
import { inject, test } from 'vitest';
import { resolveHost, DEFAULT_HOST } from '../adapters/resolve-host.js';
import type { ProtocolOffer } from '../../fake-servers/mcp/protocol-revision.js';
import type { RequiredBy } from '../catalogue/source-schema.js';
import type { CheckResult } from '../report/schema.js';
import { rerunCommand, runScenario, scenarioDeadlineMs } from '../runner/run-scenario.js';
import { loadScenario, selectScenarios } from '../scenario/load-scenarios.js';
import { levelOf } from '../runner/grade.js';

/** What the CLI hands every test file (vitest `provide`). */
export interface ConformanceContext {
  host: string;
  scenario: string[];
  guarantee: string[];
  /** --protocol: every fake server of every scenario offers this (over the scenario's own pin). */
  protocol?: ProtocolOffer;
  /** Only checks of guarantees the specification asks (`spec`, `spec-must`), or all (`catalogue`). */
  requiredBy: RequiredBy;
}

/** Set on each scenario's test: the planned checks first, the results once graded. */
export interface ScenarioMeta {
  scenario: string;
  planned: Pick<CheckResult, 'id' | 'scenario' | 'guarantees' | 'level' | 'expected' | 'rerun'>[];
  checks: CheckResult[];
}

declare module 'vitest' {
  export interface ProvidedContext {
    conformance: ConformanceContext;
  }
}
declare module '@vitest/runner' {
  interface TaskMeta {
    conformance?: ScenarioMeta;
  }
}

const FAILING = new Set(['FAIL', 'HARNESS-ERROR']);
const DEFAULT_SCENARIO_TIMEOUT_MS = 30_000;

export function conformanceContext(): ConformanceContext {
  // Absent under plain `vitest run` (npm test): the reference host, every scenario.
  return (inject('conformance') as ConformanceContext | undefined) ?? { host: DEFAULT_HOST, scenario: [], guarantee: [], requiredBy: 'catalogue' };
}

export async function registerScenarioFile(file: string): Promise<void> {
  const ctx = conformanceContext();
  const [scenario] = selectScenarios([await loadScenario(file)], ctx);
  if (scenario === undefined) return;
  const adapter = resolveHost(ctx.host);
  test.concurrent(scenario.name, { timeout: scenarioDeadlineMs(scenario, adapter.capabilities, DEFAULT_SCENARIO_TIMEOUT_MS) }, async ({ task }) => {
    const rerun = rerunCommand(adapter.selector, scenario.name);
    task.meta.conformance = {
      scenario: scenario.name,
      planned: scenario.checks.map((c) => ({ id: `${scenario.name}/${c.id}`, scenario: scenario.name, guarantees: c.guarantees, level: levelOf(c), expected: c.expected, rerun })),
      checks: [],
    };
    const { results } = await runScenario(ctx.protocol === undefined ? scenario : { ...scenario, protocol: ctx.protocol }, { adapter });
    task.meta.conformance.checks = results;
    const bad = results.filter((r) => FAILING.has(r.verdict));
    if (bad.length > 0) {
      throw new Error(bad.map((r) => `${r.verdict} ${r.id} [${r.guarantees.join(', ')}]\n  expected: ${r.expected}\n  observed: ${r.observed}\n  rerun: ${r.rerun}`).join('\n'));
    }
  });
}
