import { describe, expect, test } from 'vitest';
import { approvalShownBeforeSending, modelSawStatuses, serverGotToolCalls, stdioEnvOnly, trapUntouched } from './check-helpers.js';
import { approval, modelRequest, observations, request, server } from './test-fixtures/observations.js';
import type { JournalEntry } from '../../fake-servers/mcp/journal.js';
import { CanaryRegistry } from '../sandbox/canaries.js';
import { mintHostSecrets } from '../sandbox/host-env.js';
import type { Observations } from './observations.js';
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

function withStart(env: Record<string, string> | null): Observations {
  const registry = new CanaryRegistry();
  mintHostSecrets(registry);
  const start: JournalEntry = { seq: 0, t: 0, mono: 0, kind: 'start', argv: ['node'], cwd: '/', env: env ?? {}, pid: 20, pgid: 20, ppid: 10, childPid: null };
  const journal = env === null ? [] : [start];
  return { script: { completed: 2, stoppedAt: null }, screen: { all: '', stdout: '', stderr: '', truncated: false }, canaries: registry.all(), servers: { local: { name: 'local', transport: 'stdio', destination: 'node', journal } } } as unknown as Observations;
}

describe('stdioEnvOnly', () => {
  test('passes a server started with PATH, HOME, LANG and its configured variables only', () => {
    expect(stdioEnvOnly('local', ['NOTES_TOKEN'])(withStart({ PATH: '/bin', HOME: '/h', LANG: 'C.UTF-8', NOTES_TOKEN: 'x' })).verdict).toBe('PASS');
  });

  test("fails a server given TERM and the host's GITHUB_TOKEN, naming the secret as the host's", () => {
    const grade = stdioEnvOnly('local', ['NOTES_TOKEN'])(withStart({ PATH: '/bin', HOME: '/h', NOTES_TOKEN: 'x', TERM: 'xterm-256color', GITHUB_TOKEN: 'y' }));
    expect(`${grade.verdict}: ${grade.observed}`).toBe("FAIL: unexpected variables: GITHUB_TOKEN TERM (the host's own secrets among them: GITHUB_TOKEN)");
  });

  test('is not reached when the server never started', () => {
    expect(stdioEnvOnly('local', [])(withStart(null)).observed).toMatch(/^not reached: stdio server local never started/);
  });
});
