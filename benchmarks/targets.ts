// The targets of issues 8 and 22, checked against one run's figures: the reference host at
// least as fast as Codex on launch to ready and per-call overhead (ratio <= 1.0), its
// parallel-connect ratio under 1.3, the whole conformance run within 60 s at no more than
// 0.5 CPU-s per scenario, and the quick run under 20 s. Missing figures are "not measured".
import type { Figure, TargetResult } from './results-schema.js';
import { ratio } from '../harness/performance/stats.js';

export const REFERENCE_HOST = 'reference';
export const COMPARED_HOST = 'codex';

function find(figures: readonly Figure[], id: string, host: string | null): Figure | undefined {
  return figures.find((f) => f.id === id && f.host === host);
}

function check(
  name: string,
  value: number | null | undefined,
  unit: TargetResult['unit'],
  comparison: TargetResult['comparison'],
  limit: number,
): TargetResult {
  const v = value ?? null;
  const met = v !== null && (comparison === '<=' ? v <= limit : v < limit);
  return { name, value: v, unit, limit, comparison, status: v === null ? 'not measured' : met ? 'met' : 'missed' };
}

/** reference / codex of the medians of one host figure; none when Codex's own runs reach zero (noise, not a divisor). */
export function hostRatio(figures: readonly Figure[], id: string): number | null {
  const compared = find(figures, id, COMPARED_HOST);
  if (compared !== undefined && compared.min <= 0) return null;
  return ratio(find(figures, id, REFERENCE_HOST)?.median, compared?.median);
}

export function evaluateTargets(figures: readonly Figure[]): TargetResult[] {
  const versus = (id: string, what: string): TargetResult =>
    check(`${what}: ${REFERENCE_HOST} / ${COMPARED_HOST} (medians)`, hostRatio(figures, id), 'ratio', '<=', 1.0);
  return [
    versus('host.launch-0', 'launch to ready, no servers'),
    versus('host.launch-3', 'launch to ready, 3 servers'),
    versus('host.launch-10', 'launch to ready, 10 servers'),
    versus('host.call-overhead', 'overhead of one MCP call'),
    check(`parallel-connect ratio of the ${REFERENCE_HOST} host (median)`, find(figures, 'host.parallel-ratio', REFERENCE_HOST)?.median, 'ratio', '<', 1.3),
    check('whole conformance run against the reference host (median)', find(figures, 'suite.conformance-run', null)?.median, 'ms', '<=', 60_000),
    check('CPU per scenario of the whole run (median)', find(figures, 'suite.cpu-per-scenario', null)?.median, 'ms', '<=', 500),
    check('quick run against the reference host (median)', find(figures, 'suite.quick-run', null)?.median, 'ms', '<', 20_000),
  ];
}
