import { describe, expect, it } from 'vitest';
import { toFigure } from '../harness/performance/figure.js';
import type { Figure } from './results-schema.js';
import { evaluateTargets, hostRatio } from './targets.js';

const host = (id: string, name: string, samples: number[], unit: Figure['unit'] = 'ms'): Figure =>
  toFigure({ id, group: 'host', name: id, unit, how: 'test' }, name, samples, 1);
const suite = (id: string, samples: number[]): Figure => toFigure({ id, group: 'suite', name: id, unit: 'ms', how: 'test' }, null, samples, 1);

describe('the issue-8 targets', () => {
  it('divides the reference host median by the Codex median', () => {
    const figures = [host('host.launch-0', 'reference', [100, 200, 300]), host('host.launch-0', 'codex', [400, 800, 900])];
    expect(hostRatio(figures, 'host.launch-0')).toBe(0.25);
  });

  it('gives no ratio when the Codex runs of a figure reach zero or below (noise around nothing)', () => {
    const figures = [host('host.discovery-128', 'reference', [200]), host('host.discovery-128', 'codex', [-50, 8, 100])];
    expect(hostRatio(figures, 'host.discovery-128')).toBeNull();
  });

  it('marks a ratio at most 1.0 met, above it missed, and a missing host not measured', () => {
    const figures = [
      host('host.launch-0', 'reference', [100]),
      host('host.launch-0', 'codex', [100]),
      host('host.call-overhead', 'reference', [50]),
      host('host.call-overhead', 'codex', [40]),
      host('host.launch-3', 'reference', [10]),
    ];
    const byName = new Map(evaluateTargets(figures).map((t) => [t.name.split(':')[0], t]));
    expect(byName.get('launch to ready, no servers')?.status).toBe('met');
    expect(byName.get('overhead of one MCP call')).toMatchObject({ status: 'missed', value: 1.25 });
    expect(byName.get('launch to ready, 3 servers')?.status).toBe('not measured');
  });

  it('requires the parallel-connect ratio under 1.3 and the whole run under 60 s', () => {
    const targets = evaluateTargets([host('host.parallel-ratio', 'reference', [1.3], 'ratio'), suite('suite.conformance-run', [59_000, 61_000, 50_000])]);
    expect(targets.find((t) => t.name.startsWith('parallel'))).toMatchObject({ status: 'missed', value: 1.3 });
    expect(targets.find((t) => t.name.startsWith('whole'))).toMatchObject({ status: 'met', value: 59_000 });
  });
});
