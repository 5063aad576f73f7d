// The Streamable HTTP fake on both revisions (issue 16): the SDK 2.4.0 client speaks
// 2026-07-28 (no session, the standard headers journaled), the 1.32 client 2025-11-25 with
// a session, and a dual-era client meets a 2025-11-25-only fake and falls back.
import { Client as ModernClient, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerBehaviour } from './behaviour.js';
import { discoveryOf } from './journal-discovery.js';
import { startHttpFakeServer, type HttpFakeServer } from './http-server.js';
import { connectHttp } from './test-fixtures/clients.js';

let servers: HttpFakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function start(behaviour: ServerBehaviour): Promise<HttpFakeServer> {
  const server = await startHttpFakeServer(behaviour);
  servers.push(server);
  return server;
}

async function modernConnect(url: string, mode: 'auto' | { pin: '2026-07-28' }): Promise<ModernClient> {
  const client = new ModernClient({ name: 'fake-mcp-test', version: '2.0.0' }, { versionNegotiation: { mode } });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

const tools: ServerBehaviour['tools'] = [{ name: 't' }];
const requestsOf = (server: HttpFakeServer) => server.journal.entries().flatMap((e) => (e.kind === 'http-request' ? [e] : []));

describe('Streamable HTTP fake server on both revisions', () => {
  it('answers a 2026-07-28 client statelessly: server/discover, tools/list with its ttlMs, tools/call, no session id', async () => {
    const server = await start({ protocol: 'both', tools, toolsList: { ttlMs: 5_000 } });
    const client = await modernConnect(server.url, { pin: '2026-07-28' });
    expect(client.getProtocolEra()).toBe('modern');
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['t']);
    expect(await client.callTool({ name: 't', arguments: { a: 1 } })).toMatchObject({ content: [{ type: 'text', text: '{"a":1}' }] });
    await client.close();
    expect(server.journal.methods()).toEqual(['server/discover', 'tools/list', 'tools/call']);
    const messages = server.journal.entries().filter((e) => e.kind === 'jsonrpc-in' || e.kind === 'jsonrpc-out');
    expect(messages.map((e) => ('revision' in e ? e.revision : undefined))).toEqual(Array(6).fill('2026-07-28'));
    expect(discoveryOf(server.journal.entries())).toMatchObject({ via: 'server/discover', revision: '2026-07-28' });
    const listed = server.journal.entries().find((e) => e.kind === 'jsonrpc-out' && Array.isArray((e.message.result as { tools?: unknown })?.tools));
    expect(listed).toMatchObject({ message: { result: { ttlMs: 5_000, resultType: 'complete' } } });
    const posts = requestsOf(server).filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.headers['mcp-method'])).toEqual(['server/discover', 'tools/list', 'tools/call']);
    expect(posts.every((r) => r.headers['mcp-session-id'] === undefined)).toBe(true);
    const responses = server.journal.entries().flatMap((e) => (e.kind === 'http-response' ? [e.status] : []));
    expect(responses.every((status) => status === 200)).toBe(true);
  });

  it('answers initialize with a session to the 1.32 client on a dual-era server', async () => {
    const server = await start({ protocol: 'both', tools });
    const client = await connectHttp(server.url);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['t']);
    await client.close();
    expect(server.journal.methods().slice(0, 3)).toEqual(['initialize', 'notifications/initialized', 'tools/list']);
    expect(requestsOf(server).some((r) => typeof r.headers['mcp-session-id'] === 'string')).toBe(true);
    expect(discoveryOf(server.journal.entries())).toMatchObject({ via: 'initialize', revision: '2025-11-25' });
  });

  it('refuses initialize on a 2026-07-28-only server with the unsupported-version error', async () => {
    const server = await start({ protocol: '2026-07-28', tools });
    await expect(connectHttp(server.url)).rejects.toThrow(
      /"code":-32022,"message":"Unsupported protocol version: 2025-11-25","data":\{"supported":\["2026-07-28"\]/,
    );
    expect(server.journal.methods()[0]).toBe('initialize');
  });

  it('refuses a 2026-07-28 request on a 2025-11-25-only server, and the dual-era client falls back to initialize', async () => {
    const server = await start({ protocol: '2025-11-25', tools });
    const client = await modernConnect(server.url, 'auto');
    expect(client.getProtocolEra()).toBe('legacy');
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['t']);
    await client.close();
    // As a 2025-11-25 server would: the sessionless POST is refused before any JSON-RPC handling.
    const [probe] = requestsOf(server);
    expect(JSON.parse(probe!.body)).toMatchObject({ method: 'server/discover' });
    expect(server.journal.entries().find((e) => e.kind === 'http-response')).toMatchObject({ status: 400 });
    expect(server.journal.methods()[0]).toBe('initialize');
  });

  it('answers a raw sized fault on a 2026-07-28 request with exactly that many bytes, its result fields counted', async () => {
    const server = await start({ protocol: '2026-07-28', tools, stages: { 'tools/list': { kind: 'sized', bytes: 2_000, framing: 'json' } } });
    const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
    const response = await fetch(server.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/list',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: meta } }),
    });
    const body = Buffer.from(await response.arrayBuffer());
    expect([response.status, response.headers.get('content-length'), body.length]).toEqual([200, '2000', 2_000]);
    expect(JSON.parse(body.toString('utf8'))).toMatchObject({ id: 1, result: { resultType: 'complete', ttlMs: 0, tools: [{ name: 't' }] } });
    expect(server.journal.entries().find((e) => e.kind === 'jsonrpc-in')).toMatchObject({ revision: '2026-07-28' });
  });

  it('acts out a tools/list fault on the 2026-07-28 path too', async () => {
    const server = await start({ protocol: '2026-07-28', tools, stages: { 'tools/list': { kind: 'jsonrpc-error', code: -32000, message: 'listing broke' } } });
    const client = await modernConnect(server.url, { pin: '2026-07-28' });
    await expect(client.listTools()).rejects.toThrow(/listing broke/);
    await client.close();
  });
});
