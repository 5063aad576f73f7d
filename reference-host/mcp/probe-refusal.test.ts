import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { watchProbeRefusals, type ProbeRefusal } from './probe-refusal.js';

const transport = (): Transport => ({ start: async () => undefined, send: async () => undefined, close: async () => undefined });
const refused = (id: string, code: number): JSONRPCMessage => ({ jsonrpc: '2.0', id, error: { code, message: 'not today' } });

describe('watchProbeRefusals', () => {
  it('notes an error answer to a server/discover probe, whoever handles the message', () => {
    const t = transport();
    const notes: ProbeRefusal[] = [];
    watchProbeRefusals(t, (r) => notes.push(r));
    const seen: unknown[] = [];
    t.onmessage = (m) => seen.push(m);
    t.onmessage?.(refused('server-discover-probe-1', -32603));
    expect(notes).toEqual([{ code: -32603, message: 'not today' }]);
    expect(seen).toHaveLength(1);
  });

  it('ignores method-not-found and answers to other requests', () => {
    const t = transport();
    const notes: ProbeRefusal[] = [];
    watchProbeRefusals(t, (r) => notes.push(r));
    t.onmessage = () => undefined;
    t.onmessage?.(refused('server-discover-probe-1', -32601));
    t.onmessage?.({ jsonrpc: '2.0', id: 3, error: { code: -32603, message: 'no' } });
    expect(notes).toEqual([]);
  });

  it('restores a saved handler without wrapping it twice', () => {
    const t = transport();
    const notes: ProbeRefusal[] = [];
    watchProbeRefusals(t, (r) => notes.push(r));
    t.onmessage = () => undefined;
    const saved = t.onmessage;
    t.onmessage = () => undefined;
    t.onmessage = saved;
    t.onmessage?.(refused('server-discover-probe-2', -32000));
    expect(notes).toHaveLength(1);
  });
});
