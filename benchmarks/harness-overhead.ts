// The harness's own cost per scenario (issue 4 target < 100 ms): each scenario run in-process
// through the real runner (sandbox, fixtures, supervision, /proc scan, grading, teardown)
// against a "host" that exits at once (`node -e ""` in the reference profile's place), minus
// that host's own life (adapter start to exit), measured in the same run so machine load
// mostly cancels out.
import { performance } from 'node:perf_hooks';
import { createReferenceHostAdapter } from '../harness/adapters/reference-host-adapter.js';
import { runScenario } from '../harness/runner/run-scenario.js';
import { loadScenarios } from '../harness/scenario/load-scenarios.js';
import type { HostAdapter } from '../harness/adapters/host-adapter.js';
import { median } from '../harness/performance/stats.js';

export interface OverheadFigures {
  /** Scenario name -> median of (runScenario wall time - the host's start-to-exit time), ms. */
  perScenarioMs: Record<string, number>;
  /** Median start-to-exit time of the exiting host itself (ms). */
  hostMs: number;
}

/** The adapter, adding each session's start-to-exit time to `lived`. */
function timedAdapter(adapter: HostAdapter, lived: number[]): HostAdapter {
  return {
    ...adapter,
    async start(sandbox, options) {
      const begin = performance.now();
      const session = await adapter.start(sandbox, options);
      await session.exited;
      lived.push(performance.now() - begin);
      return session;
    },
  };
}

export async function measureOverhead(reps: number): Promise<OverheadFigures> {
  const scenarios = await loadScenarios();
  const lived: number[] = [];
  const adapter = timedAdapter(createReferenceHostAdapter({ name: 'exits-at-once', selector: 'bench:exits-at-once', wrapArgs: () => ['-e', ''] }), lived);
  const timing = { startMs: 5000, stepMs: 5000, exitMs: 2000 };
  const first = scenarios[0];
  // Untimed warm-up: module loading and JIT, paid once per vitest worker, not per scenario.
  if (first !== undefined) await runScenario(first, { adapter, timing });
  const perScenarioMs: Record<string, number> = {};
  const hostTimes: number[] = [];
  for (const scenario of scenarios) {
    const times: number[] = [];
    for (let i = 0; i < reps; i++) {
      lived.length = 0;
      const begin = performance.now();
      await runScenario(scenario, { adapter, timing });
      const wall = performance.now() - begin;
      const host = lived.reduce((a, b) => a + b, 0);
      hostTimes.push(host);
      times.push(wall - host);
    }
    perScenarioMs[scenario.name] = median(times);
  }
  return { perScenarioMs, hostMs: median(hostTimes) };
}
