import { describe, expect, it } from 'vitest';
import { formatValue, renderBenchmarksMd } from './benchmarks-md.js';
import { toFigure } from '../harness/performance/figure.js';
import type { Results } from './results-schema.js';
import { evaluateTargets } from './targets.js';

function results(hosts: string[]): Results {
  const figures = [
    toFigure({ id: 'suite.conformance-run', group: 'suite', name: 'whole run', unit: 'ms', how: 'spawn to exit' }, null, [50_000, 40_000, 45_000], 1),
    ...hosts.map((h, i) =>
      toFigure({ id: 'host.launch-0', group: 'host', name: 'launch | ready', unit: 'ms', how: 'start to prompt' }, h, [100 * (i + 1), 200 * (i + 1)], 1),
    ),
  ];
  return {
    schemaVersion: 1,
    generatedAt: '2026-12-01T00:00:00.000Z',
    command: 'npm run bench',
    mode: 'full',
    machine: { cores: 2, node: 'v20.20.2', os: 'linux', loadBefore: [1, 2, 3], loadAfter: [1, 1, 1] },
    hosts: hosts.map((name) => ({ name, version: `${name} 1.0` })),
    figures,
    processes: [],
    phases: null,
    previous: null,
    targets: evaluateTargets(figures),
    notes: ['a note'],
  };
}

describe('BENCHMARKS.md', () => {
  it('writes milliseconds, seconds from 10 s up, megabytes and two-decimal ratios', () => {
    expect(formatValue(12.34, 'ms')).toBe('12.3 ms');
    expect(formatValue(251.4, 'ms')).toBe('251 ms');
    expect(formatValue(52_900, 'ms')).toBe('52.9 s');
    expect(formatValue(92.11, 'MB')).toBe('92.1 MB');
    expect(formatValue(1.234, 'ratio')).toBe('1.23');
    expect(formatValue(Number.NaN, 'ms')).toBe('—');
  });

  it('puts the hosts side by side with the reference / codex ratio of the medians', () => {
    const md = renderBenchmarksMd(results(['reference', 'codex']));
    expect(md).toContain('| Figure | reference median (min – max) | codex median (min – max) | reference / codex |');
    expect(md).toContain('| launch \\| ready | 150 ms (100 ms – 200 ms) | 300 ms (200 ms – 400 ms) | 0.50 |');
  });

  it('marks each target met, missed or not measured', () => {
    const md = renderBenchmarksMd(results(['reference', 'codex']));
    expect(md).toContain('| launch to ready, no servers: reference / codex (medians) | <= 1.00 | 0.50 | ✅ met |');
    expect(md).toContain('| whole conformance run against the reference host (median) | <= 60.0 s | 45.0 s | ✅ met |');
    expect(md).toContain('| CPU per scenario of the whole run (median) | <= 500 ms | — | — not measured |');
    expect(md).toContain('| overhead of one MCP call: reference / codex (medians) | <= 1.00 | — | — not measured |');
  });

  it('leaves out the ratio column when only one host was measured', () => {
    const md = renderBenchmarksMd(results(['reference']));
    expect(md).toContain('| Figure | reference median (min – max) |\n');
    expect(md).not.toContain('reference / codex |\n');
  });

  it('gives the suite figures with their spread and says how each figure is taken', () => {
    const md = renderBenchmarksMd(results(['reference']));
    expect(md).toContain('| whole run | 45.0 s | 40.0 s – 50.0 s | 1 + 3 | 1.25 | — | — |');
    expect(md).toContain('- **whole run**: spawn to exit.');
  });

  it("sets each suite figure beside the previous benchmark's, with the ratio", () => {
    const base = results(['reference']);
    const before = toFigure({ id: 'suite.conformance-run', group: 'suite', name: 'whole run', unit: 'ms', how: 'spawn to exit' }, null, [90_000], 0);
    const md = renderBenchmarksMd({ ...base, previous: { generatedAt: '2026-11-30T12:00:00.000Z', figures: [before] } });
    expect(md).toContain('| Figure | Median | Min – max | Warm-up + runs | Max / min | previous (2026-11-30) | now / then |');
    expect(md).toContain('| whole run | 45.0 s | 40.0 s – 50.0 s | 1 + 3 | 1.25 | 90.0 s | 0.50 |');
  });

  it("shows where a run's CPU went by kind of process, the rest unattributed, and the harness's spans", () => {
    const md = renderBenchmarksMd({
      ...results(['reference']),
      processes: [
        {
          host: 'reference',
          scenarios: 10,
          wallMs: 20_000,
          cpuMs: 5000,
          kinds: [
            { kind: 'host', cpuMs: 3000, processes: 11 },
            { kind: 'harness', cpuMs: 1500, processes: 1 },
          ],
        },
      ],
      phases: {
        scenarios: 10,
        wallMs: 20_000,
        harnessCpuMs: 1500,
        nonPass: 0,
        spans: [
          { name: 'grading', count: 10, wallMs: 200, cpuMs: 200 },
          { name: 'user script', count: 10, wallMs: 9000, cpuMs: null },
        ],
      },
    });
    expect(md).toContain('**reference**: 10 scenarios in 20.0 s, 5.0 s of CPU, 0.50 CPU-s per scenario.');
    expect(md).toContain('| host | 3.0 s | 60 % | 11 | 300 ms |');
    expect(md).toContain('| unattributed (processes shorter than the 20 ms poll) | 0.5 s | 10 % | — | 50 ms |');
    expect(md).toContain('| grading | 10 | 200 ms | 0.2 s |');
    expect(md).toContain('| user script | 10 | — | 9.0 s |');
    expect(md).toContain('| — | 1300 ms | — |');
  });
});
