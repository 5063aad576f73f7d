import { describe, expect, test } from 'vitest';
import { spreadEventRefused, sseStreamOpenedOnce } from './checks-inject-transport.js';
import { fn, httpRequest, modelRequest, observations, outcome, request, server } from './test-fixtures/observations.js';

const called = [httpRequest('/sse', 'GET'), request('tools/call', 1)];

describe('SSE event stream reopening (TRANSPORT-2 with UNKNOWN-1)', () => {
  test('one stream after the call passes, a reopened one fails, and no call is not reached', () => {
    expect(sseStreamOpenedOnce('docs')(observations({ servers: server('docs', called, 'sse') })).verdict).toBe('PASS');
    expect(sseStreamOpenedOnce('docs')(observations({ servers: server('docs', [...called, httpRequest('/sse', 'GET')], 'sse') })).verdict).toBe('FAIL');
    expect(sseStreamOpenedOnce('docs')(observations({ servers: server('docs', [httpRequest('/sse', 'GET')], 'sse') })).reached).toBe(false);
  });
});

describe('an oversized SSE event of short lines (TRANSPORT-2 with NET-3)', () => {
  const catalogue = [
    { server: 'docs', tool: 'search' },
    { server: 'spread', tool: 'browse_pages' },
  ];
  const offering = (...names: string[]) =>
    observations({
      catalogue,
      modelRequests: [
        modelRequest(
          0,
          [],
          names.map((n) => fn(n)),
        ),
      ],
    });

  test('passes when the control server is offered and the spread one is not, fails when it is', () => {
    expect(outcome(spreadEventRefused('spread', 'docs')(offering('mcp_docs_search')))).toBe('PASS');
    expect(outcome(spreadEventRefused('spread', 'docs')(offering('mcp_docs_search', 'mcp_spread_browse_pages')))).toBe('FAIL');
  });

  test('is not reached when not even the control SSE server was offered: a host without SSE shows nothing of the cap', () => {
    expect(outcome(spreadEventRefused('spread', 'docs')(offering('other')))).toBe('NOT-REACHED');
    expect(outcome(spreadEventRefused('spread', 'docs')(observations({ catalogue, modelRequests: [] })))).toBe('NOT-REACHED');
  });
});
