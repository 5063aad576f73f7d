import { describe, expect, test } from 'vitest';
import { connectsOverlapped } from './checks-stdio-discovery.js';
import { observations, outcome, request, server } from './test-fixtures/observations.js';

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
