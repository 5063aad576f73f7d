import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { JsonRpcError, JsonRpcLinePeer } from './json-rpc-lines.js';

function peer(onRequest: (method: string) => Promise<unknown> = () => Promise.resolve({})) {
  const fromPeer = new PassThrough();
  const toPeer = new PassThrough({ encoding: 'utf8' });
  const sent: unknown[] = [];
  toPeer.on('data', (chunk: string) =>
    chunk
      .split('\n')
      .filter(Boolean)
      .forEach((l) => sent.push(JSON.parse(l))),
  );
  const seen: string[] = [];
  const rpc = new JsonRpcLinePeer(fromPeer, toPeer, {
    onRequest: (_id, method) => onRequest(method),
    onNotification: (method) => seen.push(`note ${method}`),
    onUnreadable: (line) => seen.push(`unreadable ${line}`),
  });
  return { rpc, say: (m: unknown) => fromPeer.write(`${typeof m === 'string' ? m : JSON.stringify(m)}\n`), sent, seen };
}

describe('JSON-RPC over lines', () => {
  it('matches answers without a "jsonrpc" member to their requests', async () => {
    const p = peer();
    const answer = p.rpc.request('initialize', { a: 1 }, 1000);
    expect(p.sent).toEqual([{ jsonrpc: '2.0', id: 1, method: 'initialize', params: { a: 1 } }]);
    p.say({ id: 1, result: { ok: true } });
    await expect(answer).resolves.toEqual({ ok: true });
  });

  it('rejects an error answer, a missing answer at its deadline, and everything pending on close', async () => {
    const p = peer();
    const failed = p.rpc.request('x', {}, 1000);
    p.say({ id: 1, error: { code: -32600, message: 'bad' } });
    await expect(failed).rejects.toThrow(JsonRpcError);
    await expect(p.rpc.request('slow', {}, 5)).rejects.toThrow('slow: no answer within 5 ms');
    const pending = p.rpc.request('y', {}, 1000);
    p.rpc.close('peer exited');
    await expect(pending).rejects.toThrow('y: peer exited');
  });

  it('answers requests from the peer with the handler result or a JSON-RPC error', async () => {
    const p = peer((method) => (method === 'ask' ? Promise.resolve({ action: 'accept' }) : Promise.reject(new JsonRpcError(method, -32601, 'nope'))));
    p.say({ id: 0, method: 'ask', params: {} });
    p.say({ id: 'k', method: 'other' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(p.sent).toEqual([
      { jsonrpc: '2.0', id: 0, result: { action: 'accept' } },
      { jsonrpc: '2.0', id: 'k', error: { code: -32601, message: 'other: nope (code -32601)' } },
    ]);
  });

  it('passes notifications on and keeps lines that are not JSON-RPC as evidence', async () => {
    const p = peer();
    p.say({ method: 'turn/completed', params: {} });
    p.say('not json');
    p.say({ hello: 1 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(p.seen).toEqual(['note turn/completed', 'unreadable not json', 'unreadable {"hello":1}']);
  });
});
