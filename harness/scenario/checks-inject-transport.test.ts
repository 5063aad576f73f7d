import { describe, expect, test } from 'vitest';
import { sseStreamOpenedOnce } from './checks-inject-transport.js';
import { httpRequest, observations, request, server } from './test-fixtures/observations.js';

const called = [httpRequest('/sse', 'GET'), request('tools/call', 1)];

describe('SSE event stream reopening (TRANSPORT-2 with UNKNOWN-1)', () => {
  test('one stream after the call passes, a reopened one fails, and no call is not reached', () => {
    expect(sseStreamOpenedOnce('docs')(observations({ servers: server('docs', called, 'sse') })).verdict).toBe('PASS');
    expect(sseStreamOpenedOnce('docs')(observations({ servers: server('docs', [...called, httpRequest('/sse', 'GET')], 'sse') })).verdict).toBe('FAIL');
    expect(sseStreamOpenedOnce('docs')(observations({ servers: server('docs', [httpRequest('/sse', 'GET')], 'sse') })).reached).toBe(false);
  });
});
