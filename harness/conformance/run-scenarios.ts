// Runs many scenario runs (scenario x host x revision) through one scheduler: longest expected
// first, as many at once as the CPU allows. The CLI's run and the self-tests (the reference
// host's full run, faulty hosts, conforming variants) all go through here.
import { join } from 'node:path';
import type { ProtocolOffer } from '../../fake-servers/mcp/protocol-revision.js';
import type { HostAdapter } from '../adapters/host-adapter.js';
import type { CheckResult, Leftover } from '../report/schema.js';
import type { Scenario } from '../scenario/scenario-schema.js';
import { suiteRoot } from '../suite-root.js';
import type { Admission } from './cpu-governor.js';
import { expectedDurations } from './expected-durations.js';
import { plannedChecks, runScenarioJob, unfinished } from './scenario-job.js';
import { runJobs } from './scheduler.js';
import { deadlinesAddMs } from '../runner/run-scenario.js';

export interface ScenarioRunItem {
  /** Unique in the batch ("<scenario>" in a run, "<scenario> against <host>" in a self-test). */
  id: string;
  scenario: Scenario;
  adapter: HostAdapter;
  protocol?: ProtocolOffer;
}

export interface RunScenariosOptions {
  /** Expected ms per scenario name (the order); default: the reference host's committed report. */
  expected?: ReadonlyMap<string, number>;
  admission?: Admission;
  signal?: AbortSignal;
  onStart?(item: ScenarioRunItem): void;
  /** `leftovers`: what outlived the host in this run (issue 23 item 6), for the report's notes. */
  onFinish?(item: ScenarioRunItem, results: CheckResult[], leftovers: Leftover[]): void;
}

/**
 * The reference host's durations, which every batch is ordered by when it has none of its own:
 * its committed report, else (an installed package ships no reports) the build's extract of it.
 */
export const REFERENCE_DURATIONS = [join(suiteRoot(), 'reports', 'reference-host', 'report.json'), join(suiteRoot(), 'dist', 'reference-durations.json')];

/** --quick leaves out scenarios that took longer than this on the reference host: they wait by design (real deadlines, a slow user). */
export const QUICK_MAX_MS = 5000;

/** The scenarios of a quick run, and those it leaves out. */
export function quickSelection<T extends Scenario>(scenarios: readonly T[]): { kept: T[]; left: T[] } {
  const expected = expectedDurations(REFERENCE_DURATIONS, scenarios);
  const slow = (s: T): boolean => (expected.get(s.name) ?? 0) > QUICK_MAX_MS;
  return { kept: scenarios.filter((s) => !slow(s)), left: scenarios.filter(slow) };
}

/** Results per item id, for the items that finished (all of them unless `signal` aborted). */
export async function runScenarios(items: readonly ScenarioRunItem[], options: RunScenariosOptions = {}): Promise<Map<string, CheckResult[]>> {
  const expected =
    options.expected ??
    expectedDurations(
      REFERENCE_DURATIONS,
      items.map((i) => i.scenario),
    );
  const byId = new Map(items.map((item) => [item.id, item]));
  const results = new Map<string, CheckResult[]>();
  const jobs = items.map((item) => ({
    id: item.id,
    // The reference host's figures were measured with knobs: a host without them waits out its real deadlines where the scenario asks shorter ones.
    expectedMs: (expected.get(item.scenario.name) ?? 0) + (options.expected === undefined ? deadlinesAddMs(item.scenario, item.adapter.capabilities) : 0),
    run: () => runScenarioJob(item.scenario, item.adapter, item.protocol === undefined ? {} : { protocol: item.protocol }),
  }));
  await runJobs(jobs, {
    ...(options.admission === undefined ? {} : { admission: options.admission }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    onStart: (id) => options.onStart?.(byId.get(id) as ScenarioRunItem),
    onFinish: (outcome) => {
      const item = byId.get(outcome.id) as ScenarioRunItem;
      // runScenarioJob never rejects; should it, the checks still say so.
      const checks = outcome.ok ? outcome.value.results : unfinished(plannedChecks(item.scenario, item.adapter), String(outcome.error), outcome.durationMs);
      results.set(item.id, checks);
      options.onFinish?.(item, checks, outcome.ok ? outcome.value.leftovers : []);
    },
  });
  return results;
}
