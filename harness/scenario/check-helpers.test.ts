import { describe, expect, test } from 'vitest';
import { approvalShownBeforeSending, modelSawStatuses, serverGotToolCalls, trapUntouched } from './check-helpers.js';
import { approval, modelRequest, observations, request, server } from './test-fixtures/observations.js';

const call = (mono: number) => request('tools/call', mono, mono);

describe('APPROVE-1 on the timeline', () => {
  test('each call after its own approval passes', () => {
    const obs = observations({ approvals: [approval('approve', 10, 20), approval('approve', 30, 40)], servers: server('docs', [call(25), call(45)]) });
    expect(approvalShownBeforeSending('docs', 1)(obs).verdict).toBe('PASS');
  });

  test('asking for both calls before sending either passes', () => {
    const obs = observations({ approvals: [approval('approve', 10, 20), approval('approve', 21, 30)], servers: server('docs', [call(31), call(32)]) });
    expect(approvalShownBeforeSending('docs', 1)(obs).verdict).toBe('PASS');
  });

  test('a call sent while its question is on screen fails, although the snapshot at display time saw nothing', () => {
    const obs = observations({ approvals: [approval('approve', 10, 50)], servers: server('docs', [call(15)]) });
    expect(approvalShownBeforeSending('docs', 0)(obs)).toMatchObject({ verdict: 'FAIL', observed: expect.stringContaining('before it was approved') });
  });

  test('a second call sent after a denial fails', () => {
    const obs = observations({ approvals: [approval('approve', 10, 20), approval('deny', 30, 40)], servers: server('docs', [call(25), call(35)]) });
    expect(approvalShownBeforeSending('docs', 1)(obs).verdict).toBe('FAIL');
  });

  test('calls with no approval shown fail; nothing at all is not reached', () => {
    expect(approvalShownBeforeSending('docs', 0)(observations({ servers: server('docs', [call(5)]) })).verdict).toBe('FAIL');
    expect(approvalShownBeforeSending('docs', 0)(observations({ servers: server('docs', []) })).reached).toBe(false);
  });
});

describe('absence checks need their precondition', () => {
  test('no call sent means nothing when the host never had one to decide on', () => {
    expect(serverGotToolCalls('docs', 0)(observations({ servers: server('docs', []) })).reached).toBe(false);
    expect(serverGotToolCalls('docs', 0)(observations({ servers: server('docs', []), approvals: [approval('deny', 1, 2)] })).verdict).toBe('PASS');
    expect(serverGotToolCalls('docs', 0)(observations({ servers: server('docs', [call(3)]), approvals: [approval('deny', 1, 2)] })).verdict).toBe('FAIL');
  });

  test('an untouched trap means nothing until the host reached the model', () => {
    expect(trapUntouched()(observations()).reached).toBe(false);
    expect(trapUntouched()(observations({ modelRequests: [modelRequest(0)] })).verdict).toBe('PASS');
    expect(trapUntouched()(observations({ trapHits: [{ method: 'GET', path: '/x' } as never] })).verdict).toBe('FAIL');
  });
});

describe('statuses the model received', () => {
  const outputs = (...statuses: string[]) => observations({ toolOutputs: statuses.map((status, i) => ({ request: i, callId: `c${i}`, output: '', status: status as never })) });
  test('exactly these, in order; or only the first ones when asked so', () => {
    expect(modelSawStatuses(['completed', 'denied'])(outputs('completed', 'denied')).verdict).toBe('PASS');
    expect(modelSawStatuses(['completed'])(outputs('completed', 'denied')).verdict).toBe('FAIL');
    expect(modelSawStatuses(['completed'], { first: true })(outputs('completed', 'denied')).verdict).toBe('PASS');
    expect(modelSawStatuses(['completed', 'completed'])(outputs('completed')).reached).toBe(false);
  });
});
