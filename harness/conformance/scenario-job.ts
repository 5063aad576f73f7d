// One scenario against one host as a job of the scheduler: its planned checks, then its
// results; a scenario that throws or outlives its deadline gives HARNESS-ERROR for every
// planned check (never silence, never a verdict against the host).
import type { HostAdapter } from '../adapters/host-adapter.js';
import type { ProtocolOffer } from '../../fake-servers/mcp/protocol-revision.js';
import type { CheckResult, Leftover } from '../report/schema.js';
import { levelOf } from '../runner/grade.js';
import { rerunCommand, runScenario, scenarioDeadlineMs } from '../runner/run-scenario.js';
import type { Scenario } from '../scenario/scenario-schema.js';

/** A scenario's deadline when it names none (scenarioDeadlineMs adds the host's start-ups and real deadlines). */
export const DEFAULT_SCENARIO_TIMEOUT_MS = 30_000;

export type PlannedCheck = Pick<CheckResult, 'id' | 'scenario' | 'guarantees' | 'level' | 'expected' | 'rerun'>;

export function plannedChecks(scenario: Scenario, adapter: HostAdapter): PlannedCheck[] {
  const rerun = rerunCommand(adapter.selector, scenario.name);
  return scenario.checks.map((c) => ({
    id: `${scenario.name}/${c.id}`,
    scenario: scenario.name,
    guarantees: c.guarantees,
    level: levelOf(c),
    expected: c.expected,
    rerun,
  }));
}

/** Every planned check as HARNESS-ERROR: the scenario did not finish. */
export function unfinished(planned: readonly PlannedCheck[], why: string, durationMs: number): CheckResult[] {
  return planned.map((p) => ({
    ...p,
    verdict: 'HARNESS-ERROR' as const,
    observed: `the scenario did not finish: ${why}`,
    durationMs: Math.round(durationMs),
    evidence: [],
  }));
}

export interface ScenarioJobOptions {
  /** --protocol: every fake server offers this, over the scenario's own pin. */
  protocol?: ProtocolOffer;
  /** The whole scenario's deadline; default from the scenario and the host's capabilities. */
  deadlineMs?: number;
}

/** A scenario's results, and what outlived its host (none known when it did not finish). */
export interface ScenarioOutcome {
  results: CheckResult[];
  leftovers: Leftover[];
}

/** Runs the scenario; resolves with its results, or with HARNESS-ERRORs when it threw or passed its deadline. */
export async function runScenarioJob(scenario: Scenario, adapter: HostAdapter, options: ScenarioJobOptions = {}): Promise<ScenarioOutcome> {
  const planned = plannedChecks(scenario, adapter);
  const deadlineMs = options.deadlineMs ?? scenarioDeadlineMs(scenario, adapter.capabilities, DEFAULT_SCENARIO_TIMEOUT_MS);
  const began = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), deadlineMs)));
  const run = runScenario(options.protocol === undefined ? scenario : { ...scenario, protocol: options.protocol }, { adapter });
  try {
    const first = await Promise.race([run, late]);
    // The run goes on to its own end (every wait in it has a deadline) and cleans up after itself.
    if (first === 'late') {
      void run.catch(() => {});
      return { results: unfinished(planned, `it passed its deadline of ${deadlineMs} ms`, performance.now() - began), leftovers: [] };
    }
    return { results: first.results, leftovers: first.leftovers };
  } catch (error) {
    return { results: unfinished(planned, (error as Error).stack ?? String(error), performance.now() - began), leftovers: [] };
  } finally {
    clearTimeout(timer);
  }
}
