// Where the harness's own time goes in a run (issue 22's per-phase profile): every scenario
// against the reference host through the CLI's scheduler, in this process, with the cost
// meter on. Synchronous spans carry their own CPU; the runner's asynchronous phases their
// summed wall (they overlap other scenarios' work, so their CPU is not theirs alone). What the
// process spent outside every synchronous span (reading hosts' screens, the HTTP fakes, the
// mock model, terminal rendering, timers) is the rest of its CPU.
import { resolveHost } from '../harness/adapters/resolve-host.js';
import { runScenarios } from '../harness/conformance/run-scenarios.js';
import { startMetering, stopMetering } from '../harness/performance/cost-meter.js';
import { loadScenarios } from '../harness/scenario/load-scenarios.js';
import type { PhaseProfile } from './results-schema.js';

export async function measurePhases(): Promise<PhaseProfile> {
  const scenarios = await loadScenarios();
  const adapter = resolveHost('reference');
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  startMetering();
  const results = await runScenarios(scenarios.map((scenario) => ({ id: scenario.name, scenario, adapter })));
  const costs = stopMetering();
  const used = process.cpuUsage(cpu0);
  const checks = [...results.values()].flat();
  return {
    scenarios: scenarios.length,
    wallMs: performance.now() - wall0,
    harnessCpuMs: (used.user + used.system) / 1000,
    nonPass: checks.filter((c) => c.verdict !== 'PASS').length,
    spans: [...costs]
      .map(([name, c]) => ({ name, count: c.count, wallMs: c.wallMs, cpuMs: c.synchronous ? c.cpuMs : null }))
      .sort((a, b) => (b.cpuMs ?? -1) - (a.cpuMs ?? -1) || b.wallMs - a.wallMs),
  };
}
