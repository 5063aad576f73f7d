import { describe, expect, test } from 'vitest';
import { callGivenUpAt, connectGivenUpAt } from './checks-deadlines.js';
import { connectionOpen, modelRequest, observations, outcome, request, server } from './test-fixtures/observations.js';

const slack = { earlyMs: 500, lateMs: 1000 };

describe('a connect deadline measured from both sides', () => {
  const run = (readyAt: number, listedAt = 100) =>
    connectGivenUpAt(
      'hung',
      'ok',
      10_000,
      slack,
    )(
      observations({
        servers: { ...server('hung', [connectionOpen(0), request('initialize', 1, 5)]), ...server('ok', [request('tools/list', 2, listedAt)]) },
        modelRequests: [modelRequest(0)],
        modelRequestMono: [readyAt],
      }),
    );

  test('going on at the deadline passes and says when', () => {
    expect(run(10_200)).toMatchObject({ verdict: 'PASS', observed: expect.stringContaining('10200 ms') });
  });

  test('going on too late or too early fails, naming the window', () => {
    expect(run(15_000)).toMatchObject({ verdict: 'FAIL', observed: expect.stringContaining('past the 10000 ms deadline') });
    expect(run(5_000)).toMatchObject({ verdict: 'FAIL', observed: expect.stringContaining('before the 10000 ms deadline') });
  });

  test('a deadline stated as a bound ("at most 10 s", the default) accepts giving up sooner, and still fails later', () => {
    const bounded = (readyAt: number) =>
      connectGivenUpAt(
        'hung',
        'ok',
        10_000,
      )(
        observations({
          servers: { ...server('hung', [connectionOpen(0), request('initialize', 1, 5)]), ...server('ok', [request('tools/list', 2, 100)]) },
          modelRequests: [modelRequest(0)],
          modelRequestMono: [readyAt],
        }),
      );
    expect(bounded(6_000)).toMatchObject({ verdict: 'PASS', observed: expect.stringContaining('accepted up to 11000 ms') });
    expect(bounded(12_000).verdict).toBe('FAIL');
  });

  test('a healthy server discovered only after the hung one is given up fails (serial connects)', () => {
    expect(run(10_200, 10_100).observed).toMatch(/not discovered while hung was pending/);
  });

  test('a user who waited past the deadline and gave up on the prompt sees a host that never went on: never happened (owed by DISCOVER-2)', () => {
    const obs = observations({
      servers: { ...server('hung', [connectionOpen(0), request('initialize', 1, 5)]), ...server('ok', [request('tools/list', 2, 100)]) },
      script: { completed: 0, stoppedAt: { step: 1, what: 'send', reason: 'no prompt within 20000 ms' } },
    });
    const g = connectGivenUpAt('hung', 'ok', 10_000)(obs);
    expect(outcome(g)).toBe('NEVER-HAPPENED');
    expect(g.observed).toMatch(/^never happened: the host going on to the model without hung .*, owed since it opened its connection to hung/);
  });

  test('a started host that never opened the hung server owes that opening (DISCOVER-2 connects every server): never happened', () => {
    expect(outcome(connectGivenUpAt('hung', 'ok', 10_000)(observations({ servers: server('hung', []) })))).toBe('NEVER-HAPPENED');
  });

  test('a host that never started, or no model request while the user still waited, is not reached', () => {
    expect(outcome(connectGivenUpAt('hung', 'ok', 10_000)(observations({ hostPid: null, servers: server('hung', []) })))).toBe('NOT-REACHED');
    expect(connectGivenUpAt('hung', 'ok', 10_000)(observations({ servers: server('hung', [connectionOpen(0), request('initialize', 1, 5)]) })).reached).toBe(
      false,
    );
  });
});

describe('a call deadline measured from both sides', () => {
  const run = (toldAt: number | null) =>
    callGivenUpAt(
      'docs',
      30_000,
      0,
      slack,
    )(
      observations({
        servers: server('docs', [request('tools/call', 7, 1000)]),
        modelRequests: [modelRequest(0), modelRequest(1)],
        modelRequestMono: [0, toldAt ?? 0],
        toolOutputs: toldAt === null ? [] : [{ request: 1, api: 'responses', callId: 'c', output: '{}', text: '{}', status: 'unknown' }],
      }),
    );

  test('the outcome at the deadline after sending passes; 60 s or 15 s fail', () => {
    expect(run(31_100).verdict).toBe('PASS');
    expect(run(61_000).verdict).toBe('FAIL');
    expect(run(16_000).verdict).toBe('FAIL');
  });

  test('no outcome ever is not reached (and FAIL)', () => {
    expect(run(null)).toMatchObject({ verdict: 'FAIL', reached: false });
  });
});
