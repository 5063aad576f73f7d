import { describe, expect, it } from 'vitest';
import { mcpTool } from '../chat/test-fixtures/fakes.js';
import { createPolicyGate, RATE_WINDOW_MS } from './policy-gate.js';

const read = mcpTool('docs', 'resources/read', { exposedName: 'read_mcp_resource' });

describe('createPolicyGate', () => {
  it('refuses tools matching a denied pattern of their server only', () => {
    const gate = createPolicyGate({ servers: { docs: { denyTools: ['delete_*'] } } });
    expect(gate.check({ kind: 'tool', tool: mcpTool('docs', 'delete_all'), args: {} })).toMatch(/^Denied by policy: .*"delete_\*".*nothing was sent/);
    expect(gate.check({ kind: 'tool', tool: mcpTool('docs', 'search'), args: {} })).toBeNull();
    expect(gate.check({ kind: 'tool', tool: mcpTool('other', 'delete_all'), args: {} })).toBeNull();
  });

  it('lets only allowed resource URIs through once an allowlist is set', () => {
    const gate = createPolicyGate({ servers: { docs: { allowResources: ['notes://public/*'] } } });
    expect(gate.check({ kind: 'resource', tool: read, args: { uri: 'notes://public/a' } })).toBeNull();
    expect(gate.check({ kind: 'resource', tool: read, args: { uri: 'notes://secret/a' } })).toMatch(/^Denied by policy/);
    expect(gate.check({ kind: 'resource', tool: read, args: {} })).toMatch(/^Denied by policy/);
    expect(gate.check({ kind: 'resource', tool: read, args: { uri: 'notes://secret/a' } })).not.toContain('secret');
  });

  it('refuses calls past the per-minute limit until the window moves on', () => {
    let now = 1_000_000;
    const gate = createPolicyGate({ servers: { docs: { callsPerMinute: 2 } } }, () => now);
    const action = { kind: 'tool' as const, tool: mcpTool('docs', 'search'), args: {} };
    for (let i = 0; i < 2; i += 1) {
      expect(gate.check(action)).toBeNull();
      gate.sent('docs');
    }
    expect(gate.check(action)).toMatch(/at most 2 calls per minute/);
    expect(gate.check({ ...action, tool: mcpTool('other', 'search') })).toBeNull();
    now += RATE_WINDOW_MS;
    expect(gate.check(action)).toBeNull();
  });

  it('does not count checks that were never sent', () => {
    const gate = createPolicyGate({ servers: { docs: { callsPerMinute: 1 } } });
    const action = { kind: 'tool' as const, tool: mcpTool('docs', 'search'), args: {} };
    expect(gate.check(action)).toBeNull();
    expect(gate.check(action)).toBeNull();
  });

  it('reports the trust level without any other effect', () => {
    const gate = createPolicyGate({ servers: { docs: { trust: 'trusted' } } });
    expect(gate.trust('docs')).toBe('trusted');
    expect(gate.trust('other')).toBeUndefined();
    expect(gate.check({ kind: 'tool', tool: mcpTool('docs', 'search'), args: {} })).toBeNull();
  });
});
