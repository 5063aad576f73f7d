import { describe, expect, test } from 'vitest';
import { CALL_CAP_MESSAGE, callCapHeld, serverNotRegistered, turnEndedAtCap } from './checks-exposure-limits.js';
import { approval, fn, modelRequest, observations, request, server } from './test-fixtures/observations.js';

describe('a server over the bounds (LIMIT-1, DISCOVER-2)', () => {
  const over = [{ server: 'over', tool: 'over_tool' }];
  const request = modelRequest(0, [], [fn('other')]);

  test('with none of its tools offered, a host that shows server status must also report it unavailable', () => {
    const obs = { ...observations({ catalogue: over }), modelRequests: [request] };
    expect(serverNotRegistered('over')(obs)).toMatchObject({ verdict: 'FAIL' });
  });

  test('a host whose protocol carries no server status passes by not offering its tools', () => {
    const base = { ...observations({ catalogue: over }), modelRequests: [request] };
    expect(serverNotRegistered('over')({ ...base, host: { ...base.host, serverStatus: false } })).toMatchObject({ verdict: 'PASS' });
    expect(serverNotRegistered('over')({ ...base, host: { ...base.host, serverStatus: false }, modelRequests: [modelRequest(0, [], [fn('mcp__over__over_tool')])] })).toMatchObject({ verdict: 'FAIL' });
  });
});

describe('the call cap (LIMIT-2)', () => {
  const atCap = (script: { completed: number; stoppedAt: { step: number; what: string; reason: string } | null }) =>
    callCapHeld('docs', 2, CALL_CAP_MESSAGE)(
      observations({
        servers: server('docs', [request('tools/call', 1, 10), request('tools/call', 2, 20)]),
        approvals: [approval('approve', 1, 2), approval('approve', 3, 4)],
        screen: { all: 'stopped: at most 2 tool calls per turn\n', stdout: '', stderr: '', truncated: false },
        script,
      }),
    );

  test('a host still waiting when the user wanted to end the turn has not stopped at the cap, even with the words on screen', () => {
    expect(atCap({ completed: 3, stoppedAt: { step: 4, what: 'end: "eof"', reason: 'no prompt within 5000 ms before ending' } }).verdict).toBe('FAIL');
    expect(atCap({ completed: 4, stoppedAt: null }).verdict).toBe('PASS');
    expect(atCap({ completed: 3, stoppedAt: { step: 4, what: 'approval: "approve"', reason: 'no approval request (the host went on)' } }).verdict).toBe('PASS');
  });

  test('a turn that asked past the cap did not end at it, though no further model request was made', () => {
    const asked = (approvals: number) =>
      turnEndedAtCap('docs', 2, 1)(
        observations({
          servers: server('docs', [request('tools/call', 1, 10), request('tools/call', 2, 20)]),
          approvals: Array.from({ length: approvals }, (_, i) => approval('approve', i, i)),
          modelRequests: [modelRequest(0)],
        }),
      );
    expect(asked(3).verdict).toBe('FAIL');
    expect(asked(2).verdict).toBe('PASS');
  });
});
