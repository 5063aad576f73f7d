import { describe, expect, test } from 'vitest';
import type { HostFeatures } from '../adapters/host-adapter.js';
import type { Observations } from '../scenario/observations.js';
import type { Check, Scenario } from '../scenario/scenario-schema.js';
import { gradeChecks } from './grade.js';

const failing = (guarantees: string[]): Check => ({
  id: 'c', guarantees, expected: 'e', provenBy: [],
  grade: () => ({ verdict: 'FAIL', observed: 'missed', evidence: [] }),
});

function verdictOf(check: Check, unsupported: string[], harnessErrors: string[] = []): string {
  const features: HostFeatures = { unsupported, endKinds: ['eof'] };
  const scenario = { name: 's', checks: [check] } as unknown as Scenario;
  const observations = { harnessErrors } as unknown as Observations;
  return gradeChecks({ scenario, observations, features, durationMs: 1, rerun: 'r' })[0]!.verdict;
}

describe('grading optional features', () => {
  test('a group the host declares absent makes its checks UNSUPPORTED, even over a harness error', () => {
    expect(verdictOf(failing(['RESOURCE-1']), ['RESOURCE'])).toBe('UNSUPPORTED');
    expect(verdictOf(failing(['INJECT-4']), ['INJECT-4'], ['fake broke'])).toBe('UNSUPPORTED');
  });

  test('a host that declares nothing absent is held to the optional groups by their level', () => {
    expect(verdictOf(failing(['POLICY-2']), [])).toBe('FAIL');
    expect(verdictOf(failing(['TRANSPORT-2']), [])).toBe('NON-STRICT');
  });

  test('a check that also cites a mandatory guarantee is never UNSUPPORTED', () => {
    expect(verdictOf(failing(['RESOURCE-1', 'APPROVE-1']), ['RESOURCE'])).toBe('FAIL');
  });

  test('declaring one group absent leaves the others graded', () => {
    expect(verdictOf(failing(['TELEMETRY-1']), ['POLICY'])).toBe('FAIL');
  });
});
