import { describe, expect, test } from 'vitest';
import { connectsOverlapped, hostAnsweredMessage, stdioCommandRan } from './checks-stdio-discovery.js';
import { modelRequest, observations, outcome, request, screen, server, start, userMessage } from './test-fixtures/observations.js';
import type { Observations } from './observations.js';

describe('servers are connected in parallel (DISCOVER-2)', () => {
  test('a configured server the started host never opened owes that opening: never happened', () => {
    const g = connectsOverlapped(['alpha', 'beta'])(observations({ servers: { ...server('alpha', [request('initialize', 1, 5)]), ...server('beta', []) } }));
    expect(outcome(g)).toBe('NEVER-HAPPENED');
    expect(g.observed).toMatch(/^never happened: an opening \(initialize or server\/discover\) sent to server\(s\) beta, owed since the host started/);
  });

  test('an opening sent but never accepted is not reached (the overlap cannot be measured), as is a host that never started', () => {
    expect(outcome(connectsOverlapped(['alpha'])(observations({ servers: server('alpha', [request('initialize', 1, 5)]) })))).toBe('NOT-REACHED');
    expect(outcome(connectsOverlapped(['alpha'])(observations({ hostPid: null, servers: server('alpha', []) })))).toBe('NOT-REACHED');
  });
});

describe('a command with blanks and shell characters runs as configured (STDIO-1)', () => {
  const ran = stdioCommandRan('launched', 'local');
  const run = (launched: boolean, local = true) =>
    observations({
      servers: { ...server('local', local ? [start()] : [], 'stdio'), ...server('launched', launched ? [start({ pid: 30, pgid: 30 })] : [], 'stdio') },
    });

  test('passes when it started beside the plain one, never happened when only the plain one did', () => {
    expect(outcome(ran(run(true)))).toBe('PASS');
    expect(outcome(ran(run(false)))).toBe('NEVER-HAPPENED');
  });

  test('is not reached when the host started no stdio server at all', () => {
    expect(outcome(ran(run(false, false)))).toBe('NOT-REACHED');
  });
});

describe('the host survives a bad stdio server and answers (STDIO-6)', () => {
  const answered = hostAnsweredMessage('Ping.', 'Pong.');
  /** The message reached the model at 100; the call was sent at 200; the reply `shown` or not. */
  const run = (shown: string, script: Observations['script']) =>
    observations({
      modelRequests: [modelRequest(0, [userMessage('Ping.')])],
      modelRequestMono: [100],
      servers: server('deaf', [request('tools/call', 1, 200)], 'stdio'),
      screen: screen(shown),
      script,
    });
  const stopped = (mono: number, hostExited?: true): Observations['script'] => ({
    completed: 2,
    stoppedAt: { step: 3, what: 'end', reason: 'no prompt', mono, ...(hostExited ? { hostExited } : {}) },
  });

  test('the reply on screen passes', () => {
    expect(outcome(answered(run('Pong.', { completed: 3, stoppedAt: null, endedAtPrompt: true })))).toBe('PASS');
  });

  test('without the reply, a host that ended by itself, or came back to its prompt, fails', () => {
    expect(answered(run('', stopped(300, true))).observed).toMatch(/never appeared on screen: the host ended by itself/);
    expect(answered(run('', { completed: 3, stoppedAt: null, exitedBeforeEnd: true })).observed).toMatch(/ended by itself/);
    expect(answered(run('', { completed: 3, stoppedAt: null, endedAtPrompt: true })).observed).toMatch(/went on without it/);
  });

  test('a host still running fails once the user waited past its call deadline, and is not reached before', () => {
    expect(answered(run('', stopped(200 + 31_000))).observed).toMatch(/waited 31000 ms after the host's last step, past its 30000 ms call deadline/);
    expect(outcome(answered(run('', stopped(200 + 20_000))))).toBe('NOT-REACHED');
  });
});
