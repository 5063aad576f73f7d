import { describe, expect, test } from 'vitest';
import { serverNotRegistered } from './checks-exposure-limits.js';
import { fn, modelRequest, observations } from './test-fixtures/observations.js';

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
