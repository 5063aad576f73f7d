// Runs many scenario runs (scenario x host x revision) through one scheduler: longest expected
// first, as many at once as the CPU allows. The CLI's run and the self-tests (the reference
// host's full run, faulty hosts, conforming variants) all go through here.
import { join } from 'node:path';
import type { ProtocolOffer } from '../../fake-servers/mcp/protocol-revision.js';
import type { HostAdapter } from '../adapters/host-adapter.js';
import type { CheckResult } from '../report/schema.js';
import type { Scenario } from '../scenario/scenario-schema.js';
import { suiteRoot } from '../suite-root.js';
import type { Admission } from './cpu-governor.js';
import { expectedDurations } from './expected-durations.js';
import { plannedChecks, runScenarioJob, unfinished } from './scenario-job.js';
import { runJobs } from './scheduler.js';

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
  onFinish?(item: ScenarioRunItem, results: CheckResult[]): void;
}

/** The reference host's committed report: the durations every batch is ordered by when it has none of its own. */
export const REFERENCE_REPORT = join(suiteRoot(), 'reports', 'reference-host', 'report.json');

/** Results per item id, for the items that finished (all of them unless `signal` aborted). */
export async function runScenarios(items: readonly ScenarioRunItem[], options: RunScenariosOptions = {}): Promise<Map<string, CheckResult[]>> {
  const expected = options.expected ?? expectedDurations([REFERENCE_REPORT], items.map((i) => i.scenario));
  const byId = new Map(items.map((item) => [item.id, item]));
  const results = new Map<string, CheckResult[]>();
  const jobs = items.map((item) => ({
    id: item.id,
    expectedMs: expected.get(item.scenario.name) ?? 0,
    run: () => runScenarioJob(item.scenario, item.adapter, item.protocol === undefined ? {} : { protocol: item.protocol }),
  }));
  await runJobs(jobs, {
    ...(options.admission === undefined ? {} : { admission: options.admission }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    onStart: (id) => options.onStart?.(byId.get(id) as ScenarioRunItem),
    onFinish: (outcome) => {
      const item = byId.get(outcome.id) as ScenarioRunItem;
      // runScenarioJob never rejects; should it, the checks still say so.
      const checks = outcome.ok ? outcome.value : unfinished(plannedChecks(item.scenario, item.adapter), String(outcome.error), outcome.durationMs);
      results.set(item.id, checks);
      options.onFinish?.(item, checks);
    },
  });
  return results;
}
