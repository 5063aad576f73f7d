import { describe, expect, test } from 'vitest';
import { notStrict, serverNotRegistered } from './checks-exposure-limits.js';
import { fn, modelRequest, observations, outcome } from './test-fixtures/observations.js';

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

describe('how a tool is offered (EXPOSE-4, EXPOSE-5)', () => {
  const catalogue = [{ server: 'docs', tool: 'search' }];
  test('a tool the first model request does not offer never happened (EXPOSE asks that every MCP tool is offered)', () => {
    const g = notStrict('docs', 'search')(observations({ catalogue, modelRequests: [modelRequest(0, [], [fn('other')])] }));
    expect(outcome(g)).toBe('NEVER-HAPPENED');
    expect(g.observed).toMatch(/^never happened: docs\/search offered to the model \(.*\), owed since the host sent its first model request/);
  });

  test('without any model request it is not reached; offered, it is graded', () => {
    expect(outcome(notStrict('docs', 'search')(observations({ catalogue, modelRequests: [] })))).toBe('NOT-REACHED');
    expect(outcome(notStrict('docs', 'search')(observations({ catalogue, modelRequests: [modelRequest(0, [], [fn('mcp_docs_search')])] })))).toBe('PASS');
  });
});
