import { describe, expect, test } from 'vitest';
import type { HostCapabilities } from '../adapters/host-adapter.js';
import type { Observations } from '../scenario/observations.js';
import { applying, type Check, type Grade, type Scenario } from '../scenario/scenario-schema.js';
import { gradeChecks, notApplicable } from './grade.js';
import { EVERY_CAPABILITY } from '../scenario/test-fixtures/capabilities.js';

const failing = (guarantees: string[], extra: Partial<Check> = {}, grade: Grade = { verdict: 'FAIL', observed: 'missed', evidence: [] }): Check => ({
  id: 'c',
  guarantees,
  expected: 'e',
  provenBy: [],
  grade: () => grade,
  ...extra,
});
const notReached: Grade = { verdict: 'FAIL', observed: 'not reached: the prompt', evidence: [], reached: false };
const owed: Grade = { verdict: 'FAIL', observed: 'never happened: approval request #2 of 3, owed since the host sent call #2', evidence: [], owed: true };
const unresolvedTargets = [{ requestIndex: 0, target: 'docs/search', reason: 'no offered function matches server "docs" tool "search"; offered: lookup' }];

const ALL = EVERY_CAPABILITY;

function resultOf(
  check: Check,
  options: { capabilities?: Partial<HostCapabilities>; observations?: Partial<Observations>; scenario?: Partial<Scenario> } = {},
) {
  const scenario = { name: 's', checks: [check], ...options.scenario } as unknown as Scenario;
  const observations = {
    servers: {},
    harnessErrors: [],
    unresolvedTargets: [],
    script: { completed: 0, stoppedAt: null },
    ...options.observations,
  } as unknown as Observations;
  return gradeChecks({ scenario, observations, capabilities: { ...ALL, ...options.capabilities }, durationMs: 1, rerun: 'r' })[0]!;
}
const verdictOf = (check: Check, unsupported: string[], harnessErrors: string[] = []): string =>
  resultOf(check, { capabilities: { unsupported }, observations: { harnessErrors } }).verdict;

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

  test('a check of two optional guarantees is UNSUPPORTED when the host lacks either', () => {
    expect(verdictOf(failing(['POLICY-3', 'RESOURCE-2']), ['RESOURCE'])).toBe('UNSUPPORTED');
    expect(verdictOf(failing(['POLICY-3', 'RESOURCE-2']), ['POLICY'])).toBe('UNSUPPORTED');
    expect(verdictOf(failing(['POLICY-3', 'RESOURCE-2']), [])).toBe('FAIL');
  });

  test('notApplicable gives the reason a check is UNSUPPORTED before any run, null when it applies (the runner skips a scenario of such checks only)', () => {
    const scenario = { needs: [] } as unknown as Scenario;
    expect(notApplicable(scenario, failing(['POLICY-1']), { ...ALL, unsupported: ['POLICY'] })).toBe(
      'the host declares the optional guarantee POLICY-1 absent',
    );
    expect(notApplicable(scenario, failing(['POLICY-1', 'APPROVE-1']), { ...ALL, unsupported: ['POLICY'] })).toBeNull();
    expect(notApplicable(scenario, failing(['APPROVE-1'], { needs: ['quit'] }), { ...ALL, quit: false })).toMatch(/no quit command, so this does not apply$/);
    expect(notApplicable(scenario, failing(['APPROVE-1']), ALL)).toBeNull();
  });

  test('declaring one group absent leaves the others graded', () => {
    expect(verdictOf(failing(['TELEMETRY-1']), ['POLICY'])).toBe('FAIL');
  });
});

describe('what a graded check names', () => {
  test("a spec-tier check carries the specification sections it covers, a check of the catalogue's own tiers none", () => {
    expect(resultOf(failing(['CRED-2'])).specReferences?.map((r) => r.id)).toEqual([
      'MCP-2025-11-25-Authorization-token-handling',
      'MCP-2026-07-28-Authorization-token-handling',
    ]);
    expect(resultOf(failing(['NET-2']))).not.toHaveProperty('specReferences');
  });
});

describe('grading what a host does not have', () => {
  test('a check needing an ability the host lacks is UNSUPPORTED with the reason, one it has is graded', () => {
    const r = resultOf(failing(['STDIO-5'], { needs: ['quit'] }), { capabilities: { quit: false } });
    expect(r).toMatchObject({ verdict: 'UNSUPPORTED', observed: 'the host has no quit command, so this does not apply' });
    expect(resultOf(failing(['STDIO-5'], { needs: ['quit'] })).verdict).toBe('FAIL');
  });

  test("a scenario's needs apply to every check in it", () => {
    const { resume: _, ...noSessions } = ALL;
    const scenario = { needs: ['sessions'] } as Partial<Scenario>;
    const r = gradeChecks({
      scenario: { name: 's', checks: [failing(['REPLAY-1'])], ...scenario } as unknown as Scenario,
      observations: { servers: {}, harnessErrors: [], unresolvedTargets: [], script: { completed: 0, stoppedAt: null } } as unknown as Observations,
      capabilities: noSessions,
      durationMs: 0,
      rerun: 'r',
    });
    expect(r[0]).toMatchObject({ verdict: 'UNSUPPORTED', observed: expect.stringContaining('keeps no sessions') });
  });

  test('a step the host protocol cannot drive makes the checks it blocked UNSUPPORTED, not the ones that ran', () => {
    const stoppedAt = { step: 2, what: 'approval: {"text":"maybe"}', reason: 'typed answers are not possible', undrivable: true as const };
    const observations = { script: { completed: 1, stoppedAt } };
    expect(resultOf(failing(['APPROVE-3'], {}, notReached), { observations })).toMatchObject({
      verdict: 'UNSUPPORTED',
      observed: expect.stringContaining('cannot drive step 2'),
    });
    expect(resultOf(failing(['APPROVE-3']), { observations }).verdict).toBe('FAIL');
  });

  test('after an undrivable stop a check sees only the model requests and tool outputs that came before it', () => {
    const stoppedAt = { step: 2, what: 'approval: "empty"', reason: 'an empty answer is the client UI', undrivable: true as const, requests: 1 };
    const seen: number[] = [];
    const counting: Check = { ...failing(['APPROVE-3']), grade: (obs) => (seen.push(obs.modelRequests.length, obs.toolOutputs.length), notReached) };
    const observations = {
      script: { completed: 1, stoppedAt },
      modelRequests: [{}, {}, {}],
      toolOutputs: [{ request: 0 }, { request: 1 }, { request: 2 }],
    } as unknown as Partial<Observations>;
    expect(resultOf(counting, { observations }).verdict).toBe('UNSUPPORTED');
    expect(seen).toEqual([1, 1]);
  });

  test('a precondition that never happened makes the check BLOCKED, never a FAIL of its guarantee; a MAY check stays INFO', () => {
    expect(resultOf(failing(['RESULT-9'], {}, notReached))).toMatchObject({ verdict: 'BLOCKED', observed: 'not reached: the prompt' });
    expect(resultOf(failing(['RESULT-9'], { level: 'MAY' }, notReached)).verdict).toBe('INFO');
  });

  test("what the check's own guarantee demanded never happened: FAIL, weighed by level like any other miss", () => {
    expect(resultOf(failing(['APPROVE-2'], {}, owed))).toMatchObject({
      verdict: 'FAIL',
      observed: expect.stringMatching(/^never happened: approval request #2/),
    });
    expect(resultOf(failing(['TRANSPORT-2'], {}, owed)).verdict).toBe('NON-STRICT');
  });

  test('an owed event the host protocol cannot drive is UNSUPPORTED, like a precondition', () => {
    const stoppedAt = { step: 3, what: 'unknownGate: "approve"', reason: 'no confirmation in this protocol', undrivable: true as const };
    expect(resultOf(failing(['UNKNOWN-2'], {}, owed), { observations: { script: { completed: 2, stoppedAt } } }).verdict).toBe('UNSUPPORTED');
  });

  test('a tool the model could not find blocks a check that only needed the call, naming that one cause', () => {
    const r = resultOf(failing(['APPROVE-1'], {}, notReached), { observations: { unresolvedTargets } });
    expect(r).toMatchObject({
      verdict: 'BLOCKED',
      observed: expect.stringMatching(/^not reached: the model could not find docs\/search \(model request #1: .*offered: lookup\)$/),
    });
    expect(resultOf(failing(['CRED-2', 'STDIO-3'], {}, notReached), { observations: { unresolvedTargets } }).verdict).toBe('BLOCKED');
  });

  test('a tool the model could not find fails a check whose guarantees ask the host to offer it (DISCOVER, EXPOSE, TRANSPORT, LIMIT-1)', () => {
    for (const guarantees of [['TRANSPORT-1'], ['DISCOVER-4'], ['EXPOSE-1'], ['LIMIT-1'], ['DISCOVER-2', 'DISCOVER-4']]) {
      const r = resultOf(failing(guarantees, {}, notReached), { observations: { unresolvedTargets } });
      expect(r, guarantees.join()).toMatchObject({
        verdict: 'FAIL',
        observed: expect.stringMatching(/^never happened: the host offering the tool, owed by .*: the model could not find docs\/search \(model request #1: /),
      });
    }
    expect(resultOf(failing(['TRANSPORT-2'], {}, notReached), { observations: { unresolvedTargets } }).verdict).toBe('NON-STRICT');
    expect(resultOf(failing(['LIMIT-2'], {}, notReached), { observations: { unresolvedTargets } }).verdict).toBe('BLOCKED');
  });

  test('an outcome the host owed the model and never sent fails a check that asks that the model be told, and blocks any other', () => {
    const owedOutput: Grade = {
      ...notReached,
      owedToModel: 'never happened: tool output #1 never reached the model, owed since the host went back to its prompt',
    };
    for (const guarantees of [['RESULT-1'], ['RESULT-8'], ['APPROVE-3'], ['POLICY-1'], ['RESOURCE-3'], ['RESULT-7', 'RESULT-9']]) {
      expect(resultOf(failing(guarantees, {}, owedOutput)), guarantees.join()).toMatchObject({ verdict: 'FAIL', observed: owedOutput.owedToModel });
    }
    expect(resultOf(failing(['NET-4'], {}, owedOutput))).toMatchObject({ verdict: 'BLOCKED', observed: 'not reached: the prompt' });
    // RESULT-9 judges what an unknown result says: none sent is nothing said wrongly.
    expect(resultOf(failing(['RESULT-9'], {}, owedOutput)).verdict).toBe('BLOCKED');
    expect(resultOf(failing(['APPROVE-1'], {}, owedOutput)).verdict).toBe('BLOCKED');
  });

  test('without a tool the model could not find, an offering check that could not look is BLOCKED too', () => {
    expect(resultOf(failing(['TRANSPORT-1'], {}, notReached)).verdict).toBe('BLOCKED');
  });

  test('an owed event stands whatever the model could not find', () => {
    expect(resultOf(failing(['APPROVE-2'], {}, owed), { observations: { unresolvedTargets } })).toMatchObject({
      verdict: 'FAIL',
      observed: expect.stringMatching(/^never happened: approval/),
    });
  });

  test('the thresholds a grade applies are carried into its result: those it declares, and those it reports at run time', () => {
    const capped = applying({ maxCalls: 16 }, () => ({ verdict: 'FAIL', observed: 'missed', evidence: [] }));
    expect(resultOf(failing(['LIMIT-2'], { grade: capped })).thresholds).toEqual({ maxCalls: 16 });
    const inForce = applying({ lateMs: 1000 }, () => ({ verdict: 'PASS', observed: 'ok', evidence: [], applied: { deadlineMs: 60_000 } }));
    expect(resultOf(failing(['RESULT-4'], { grade: inForce })).thresholds).toEqual({ lateMs: 1000, deadlineMs: 60_000 });
    // Never graded (UNSUPPORTED): what it would apply, as declared.
    expect(resultOf(failing(['RESULT-4'], { grade: inForce, needs: ['quit'] }), { capabilities: { quit: false } })).toMatchObject({
      verdict: 'UNSUPPORTED',
      thresholds: { lateMs: 1000 },
    });
  });
});

describe('grading records the revision', () => {
  test('every check of a scenario carries the MCP revision its servers answered the host on', () => {
    const journal = [
      { kind: 'jsonrpc-in', seq: 0, message: { jsonrpc: '2.0', id: 1, method: 'tools/list' }, revision: '2026-07-28' },
      { kind: 'jsonrpc-out', seq: 1, message: { jsonrpc: '2.0', id: 1, result: { tools: [], resultType: 'complete' } }, revision: '2026-07-28' },
    ];
    const r = resultOf(failing(['DISCOVER-1']), { observations: { servers: { docs: { journal } } } as unknown as Partial<Observations> });
    expect(r.revisions).toEqual(['2026-07-28']);
  });
});
