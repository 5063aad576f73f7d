// HTTP-level misbehaviour of the HTTP fake, observed with plain fetch and the SDK client.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerBehaviour } from './behaviour.js';
import { startHttpFakeServer, type HttpFakeServer } from './http-server.js';
import { connectHttp } from './test-fixtures/clients.js';
import { startTrap, TRAP_BODY_CAP, type Trap } from './trap.js';

let closers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(closers.map((c) => c.close()));
  closers = [];
});

async function start(behaviour: ServerBehaviour): Promise<HttpFakeServer> {
  const server = await startHttpFakeServer(behaviour);
  closers.push(server);
  return server;
}

async function trap(): Promise<Trap> {
  const t = await startTrap();
  closers.push(t);
  return t;
}

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'fetch', version: '1' } },
});

function post(url: string, body = initialize, headers: Record<string, string> = {}, redirect: RequestRedirect = 'manual'): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    redirect,
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body,
  });
}

describe('HTTP faults', () => {
  it.each([301, 302, 307, 308])('answers %i to a same-origin path', async (status) => {
    const server = await start({ http: { faults: [{ kind: 'redirect', status, location: '/elsewhere' }] } });
    const res = await post(server.url);
    expect(res.status).toBe(status);
    expect(res.headers.get('location')).toBe('/elsewhere');
    expect(server.journal.methods()).toEqual(['initialize']);
  });

  it('redirects to another origin, where the trap records whatever follows it', async () => {
    const t = await trap();
    const server = await start({ http: { faults: [{ kind: 'redirect', status: 307, location: t.url }] } });
    const res = await post(server.url, initialize, { 'x-api-key': 'k-123' }, 'follow');
    expect(res.status).toBe(404);
    expect(t.hits()).toEqual([expect.objectContaining({ method: 'POST', path: '/trap', headers: expect.objectContaining({ 'x-api-key': 'k-123' }) })]);
  });

  it('answers 401 and 403 with the configured WWW-Authenticate header', async () => {
    const challenge = 'Bearer resource_metadata="http://127.0.0.1:1/.well-known/oauth-protected-resource"';
    const server = await start({ http: { faults: [{ kind: 'auth', status: 401, wwwAuthenticate: challenge, methods: ['initialize'] }] } });
    const res = await post(server.url);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(challenge);
    const forbidding = await start({ http: { faults: [{ kind: 'auth', status: 403 }] } });
    const forbidden = await post(forbidding.url);
    expect([forbidden.status, forbidden.headers.get('www-authenticate')]).toEqual([403, 'Bearer realm="fake-mcp"']);
  });

  it('requires the configured bearer token', async () => {
    const server = await start({ tools: [{ name: 't' }], http: { requireBearer: 's3cret' } });
    expect((await post(server.url)).status).toBe(401);
    expect((await post(server.url, initialize, { authorization: 'Bearer wrong' })).status).toBe(401);
    const client: Client = await connectHttp(server.url, { headers: { authorization: 'Bearer s3cret' } });
    closers.push(client);
    expect((await client.listTools()).tools).toHaveLength(1);
  });

  it('streams a well-formed body of exactly the requested size', async () => {
    const server = await start({ http: { faults: [{ kind: 'oversized-body', bytes: 2 * 1024 * 1024 }] } });
    const res = await post(server.url);
    expect(res.headers.get('content-length')).toBe(String(2 * 1024 * 1024));
    const text = await res.text();
    expect(text).toHaveLength(2 * 1024 * 1024);
    expect(JSON.parse(text)).toMatchObject({ jsonrpc: '2.0', id: 1 });
  });

  it('answers a body that is not JSON', async () => {
    const server = await start({ http: { faults: [{ kind: 'invalid-json' }] } });
    const res = await post(server.url);
    expect(res.headers.get('content-type')).toBe('application/json');
    const text = await res.text();
    expect(() => JSON.parse(text)).toThrow();
  });

  it('answers the configured error status', async () => {
    const server = await start({ http: { faults: [{ kind: 'status', status: 500 }] } });
    const res = await post(server.url);
    expect([res.status, await res.text()]).toEqual([500, 'status 500']);
  });

  it('applies a fault only to the listed methods, journaling the call it swallowed', async () => {
    const server = await start({ tools: [{ name: 't' }], http: { faults: [{ kind: 'invalid-json', methods: ['tools/call'] }] } });
    const client = await connectHttp(server.url);
    closers.push(client);
    expect((await client.listTools()).tools).toHaveLength(1);
    await expect(client.callTool({ name: 't', arguments: {} })).rejects.toThrow();
    expect(server.journal.toolCalls('t')).toHaveLength(1);
    expect(server.journal.entries().filter((e) => e.kind === 'fault').map((e) => e.kind === 'fault' && e.what)).toEqual(['http-invalid-json']);
  });

  it('journals the request line, headers and body before answering', async () => {
    const server = await start({ http: { faults: [{ kind: 'status', status: 503 }] } });
    await post(server.url, initialize, { 'x-probe': 'yes' });
    const request = server.journal.entries().find((e) => e.kind === 'http-request');
    expect(request).toMatchObject({ method: 'POST', path: '/mcp', headers: { 'x-probe': 'yes' }, body: initialize });
    await server.journal.waitFor((e) => e.kind === 'http-response' && e.status === 503, 2_000);
  });
});

describe('trap', () => {
  it('answers 404 to everything and records method, path and headers', async () => {
    const t = await trap();
    const res = await fetch(`${t.origin}/.well-known/oauth-authorization-server`, { headers: { authorization: 'Bearer x' } });
    expect(res.status).toBe(404);
    expect(t.hits()).toEqual([
      expect.objectContaining({ method: 'GET', path: '/.well-known/oauth-authorization-server', headers: expect.objectContaining({ authorization: 'Bearer x' }) }),
    ]);
    expect(t.connections()).toBe(1);
  });

  it('records the body it was sent, up to its cap, and counts the bytes past it', async () => {
    const t = await trap();
    await fetch(`${t.origin}/token`, { method: 'POST', body: 'client_secret=s3cr3t' });
    const big = await fetch(`${t.origin}/big`, { method: 'POST', body: 'x'.repeat(TRAP_BODY_CAP + 10) });
    expect(big.status).toBe(404);
    expect(t.hits().map((h) => [h.body.length < 100 ? h.body : h.body.length, h.bodyDropped])).toEqual([['client_secret=s3cr3t', 0], [TRAP_BODY_CAP, 10]]);
  });
});
