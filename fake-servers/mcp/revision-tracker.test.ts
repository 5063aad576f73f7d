import { describe, expect, it } from 'vitest';
import { RevisionTracker } from './revision-tracker.js';

const meta = (revision: string) => ({ _meta: { 'io.modelcontextprotocol/protocolVersion': revision } });

describe('RevisionTracker', () => {
  it('takes a 2026-07-28 request and its answer from the request _meta envelope', () => {
    const t = new RevisionTracker();
    expect(t.incoming({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: meta('2026-07-28') })).toBe('2026-07-28');
    expect(t.outgoing({ jsonrpc: '2.0', id: 1, result: { tools: [], resultType: 'complete' } })).toBe('2026-07-28');
  });

  it('takes an answer from what the server served: a 2026-07-28 claim answered on an initialized connection is the negotiated revision', () => {
    const t = new RevisionTracker();
    t.incoming({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25' } });
    t.outgoing({ jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-11-25', serverInfo: { name: 'x', version: '1' } } });
    expect(t.incoming({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: meta('2026-07-28') })).toBe('2026-07-28');
    expect(t.outgoing({ jsonrpc: '2.0', id: 1, result: { tools: [] } })).toBe('2025-11-25');
  });

  it('takes later 2025 messages from the version initialize negotiated, not the one it asked for', () => {
    const t = new RevisionTracker();
    expect(t.incoming({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2099-01-01' } })).toBe('2099-01-01');
    expect(t.outgoing({ jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-11-25', serverInfo: { name: 'x', version: '1' } } })).toBe('2025-11-25');
    expect(t.incoming({ jsonrpc: '2.0', method: 'notifications/initialized' })).toBe('2025-11-25');
    expect(t.incoming({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'a' } })).toBe('2025-11-25');
    expect(t.outgoing({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' })).toBe('2025-11-25');
  });

  it('falls back to the MCP-Protocol-Version header of a stateless request, and knows nothing without any', () => {
    expect(new RevisionTracker().incoming({ jsonrpc: '2.0', id: 3, method: 'tools/list' }, '2025-06-18')).toBe('2025-06-18');
    expect(new RevisionTracker().incoming({ jsonrpc: '2.0', id: 3, method: 'server/discover' })).toBeUndefined();
  });
});
