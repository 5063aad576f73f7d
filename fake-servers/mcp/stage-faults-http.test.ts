// Faults of the HTTP fakes on the wire, seen with plain node:http where the SDK client hides
// them: status lines and Location, Content-Length against chunked bodies, exact message
// sizes at N and N + 1, SSE framing, half bodies, headers then silence, destroyed
// connections; Streamable HTTP and the legacy SSE flavour, at connect and message stages.
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerBehaviour } from './behaviour.js';
import type { Fault } from './fault-schema.js';
import { startHttpFakeServer, type HttpFakeServer } from './http-server.js';
import { monotonicMs } from './journal.js';
import { firstEventData, initializeMessage, openRawSse, rawRequest, sseSession, streamableSession } from './test-fixtures/raw-http.js';
import { startTrap, TRAP_BODY_CAP, type Trap } from './trap.js';

const closers: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});
const track = <T extends { close(): unknown }>(thing: T): T => (closers.push(() => thing.close()), thing);
const start = async (behaviour: ServerBehaviour): Promise<HttpFakeServer> => track(await startHttpFakeServer(behaviour));
const trap = async (): Promise<Trap> => track(await startTrap());

const MIB = 1024 * 1024;
const listTools = { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} };
const callTool = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 't', arguments: {} } };
const atList = (fault: Fault, http: ServerBehaviour['http'] = {}): ServerBehaviour => ({ tools: [{ name: 't' }], stages: { 'tools/list': fault }, http });
const atCall = (fault: Fault, http: ServerBehaviour['http'] = {}): ServerBehaviour => ({ tools: [{ name: 't', outcome: fault as never }], http });
const POST = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

describe('Streamable HTTP faults on the wire', () => {
  it.each([301, 302, 303, 307, 308])('redirects tools/list with %i to a same-origin path, journaling what it swallowed', async (status) => {
    const server = await start(atList({ kind: 'redirect', status, location: '/elsewhere' }));
    const res = await (await streamableSession(server.url)).post(listTools);
    expect([res.status, res.headers.location]).toEqual([status, '/elsewhere']);
    expect(server.journal.methods()).toEqual(['initialize', 'notifications/initialized', 'tools/list']);
    expect(
      server.journal
        .entries()
        .filter((e) => e.kind === 'fault')
        .map((e) => e.kind === 'fault' && e.what),
    ).toEqual(['tools/list redirect']);
  });

  it('redirects initialize to another origin, where the trap records whatever follows it', async () => {
    const t = await trap();
    const server = await start({ stages: { initialize: { kind: 'redirect', status: 307, location: t.url } } });
    const res = await fetch(server.url, { method: 'POST', headers: { ...POST, 'x-api-key': 'k-123' }, body: JSON.stringify(initializeMessage()) });
    expect(res.status).toBe(404);
    expect(t.hits()).toEqual([expect.objectContaining({ method: 'POST', path: '/trap', headers: expect.objectContaining({ 'x-api-key': 'k-123' }) })]);
  });

  it('answers every request at connect, before any MCP handling', async () => {
    const server = await start({ stages: { connect: { kind: 'redirect', status: 302, location: '/x' } } });
    expect((await rawRequest(server.url, { headers: POST, body: JSON.stringify(initializeMessage()) })).status).toBe(302);
    expect((await rawRequest(server.url, { method: 'GET' })).status).toBe(302);
  });

  it('answers a call with 401 and the configured WWW-Authenticate, or 403 with the default one', async () => {
    const challenge = 'Bearer resource_metadata="http://127.0.0.1:1/.well-known/oauth-protected-resource"';
    const server = await start({
      tools: [
        {
          name: 't',
          outcomes: [
            { kind: 'auth', status: 401, wwwAuthenticate: challenge },
            { kind: 'auth', status: 403 },
          ],
        },
      ],
    });
    const session = await streamableSession(server.url);
    const first = await session.post(callTool);
    const second = await session.post({ ...callTool, id: 4 });
    expect([first.status, first.headers['www-authenticate']]).toEqual([401, challenge]);
    expect([second.status, second.headers['www-authenticate']]).toEqual([403, 'Bearer realm="fake-mcp"']);
  });

  it('requires the configured bearer token on every request', async () => {
    const server = await start({ http: { requireBearer: 's3cret' } });
    const body = JSON.stringify(initializeMessage());
    expect((await rawRequest(server.url, { headers: POST, body })).status).toBe(401);
    expect((await rawRequest(server.url, { headers: { ...POST, authorization: 'Bearer wrong' }, body })).status).toBe(401);
    expect((await rawRequest(server.url, { headers: { ...POST, authorization: 'Bearer s3cret' }, body })).status).toBe(200);
  });

  it('answers the configured error status with a plain-text body', async () => {
    const server = await start(atList({ kind: 'status', status: 500, body: 'boom' }));
    const res = await (await streamableSession(server.url)).post(listTools);
    expect([res.status, res.body.toString()]).toEqual([500, 'boom']);
  });

  describe.each([
    [true, 'json'],
    [false, 'json'],
    [true, 'sse'],
    [false, 'sse'],
  ] as const)('a sized answer (declared %s, framing %s)', (declared, framing) => {
    it.each([MIB, MIB + 1])('is a JSON-RPC message of exactly %i bytes', async (bytes) => {
      const server = await start(atList({ kind: 'sized', bytes, declared, framing, fill: 'utf8-3' }));
      const res = await (await streamableSession(server.url)).post(listTools, { idleMs: 2_000 });
      expect(res.complete).toBe(true);
      const message = framing === 'json' ? res.body.toString('utf8') : (firstEventData(res.body) ?? '');
      expect(Buffer.byteLength(message, 'utf8')).toBe(bytes);
      expect(JSON.parse(message)).toMatchObject({ jsonrpc: '2.0', id: 2, result: { tools: [{ name: 't' }] } });
      expect(res.headers['content-type']).toBe(framing === 'json' ? 'application/json' : 'text/event-stream');
      if (declared) expect(res.headers['content-length']).toBe(String(res.body.length));
      else expect([res.headers['content-length'], res.headers['transfer-encoding']]).toEqual([undefined, 'chunked']);
    });
  });

  it.each([true, false])('sends a sized answer through the SDK as it frames answers (jsonResponse %s)', async (jsonResponse) => {
    const server = await start(atList({ kind: 'sized', bytes: MIB + 1 }, { jsonResponse }));
    const res = await (await streamableSession(server.url)).post(listTools, { idleMs: 2_000 });
    const message = jsonResponse ? res.body.toString('utf8') : (firstEventData(res.body) ?? '');
    expect(Buffer.byteLength(message, 'utf8')).toBe(MIB + 1);
  });

  it.each(['json', 'sse'] as const)('answers garbage instead of a message (framing %s)', async (framing) => {
    const server = await start(atCall({ kind: 'garbage', framing, data: '{"jsonrpc": "2.0", not json' }));
    const res = await (await streamableSession(server.url)).post(callTool);
    const payload = framing === 'json' ? res.body.toString() : firstEventData(res.body);
    expect(payload).toBe('{"jsonrpc": "2.0", not json');
    expect(res.headers['content-type']).toBe(framing === 'json' ? 'application/json' : 'text/event-stream');
  });

  it.each([
    [true, 'json'],
    [false, 'sse'],
  ] as const)('sends half the answer and leaves the body open (declared %s, framing %s)', async (declared, framing) => {
    const server = await start(atList({ kind: 'partial', declared, framing }));
    const res = await (await streamableSession(server.url)).post(listTools);
    expect(res.complete).toBe(false);
    if (declared) expect(Number(res.headers['content-length'])).toBe(2 * res.body.length);
    expect(res.body.toString()).toMatch(framing === 'json' ? /^\{"jsonrpc":"2\.0","id":2/ : /^event: message\ndata: \{/);
  });

  it('sends 200 event-stream headers, then silence', async () => {
    const server = await start(atCall({ kind: 'headers-then-silence' }, { jsonResponse: true }));
    const res = await (await streamableSession(server.url)).post(callTool);
    expect([res.status, res.headers['content-type'], res.body.length, res.complete]).toEqual([200, 'text/event-stream', 0, false]);
  });

  it('destroys the connection carrying the request', async () => {
    const server = await start(atCall({ kind: 'crash' }));
    await expect((await streamableSession(server.url)).post(callTool)).rejects.toThrow(/socket hang up|ECONNRESET/);
  });

  it('never sends even the headers of a JSON answer', async () => {
    const server = await start(atCall({ kind: 'never' }, { jsonResponse: true }));
    await expect((await streamableSession(server.url)).post(callTool)).rejects.toThrow('stalled-before-headers');
  });

  it('journals the request line, headers and body before answering', async () => {
    const server = await start({ stages: { connect: { kind: 'status', status: 503 } } });
    const body = JSON.stringify(initializeMessage());
    await rawRequest(server.url, { headers: { ...POST, 'x-probe': 'yes' }, body });
    const request = server.journal.entries().find((e) => e.kind === 'http-request');
    expect(request).toMatchObject({ method: 'POST', path: '/mcp', headers: { 'x-probe': 'yes' }, body });
    await server.journal.waitFor((e) => e.kind === 'http-response' && e.status === 503, 2_000);
  });
});

describe('legacy SSE faults at connect (the GET event stream)', () => {
  const sse = (fault: Fault): ServerBehaviour => ({ tools: [{ name: 't' }], stages: { connect: fault }, http: { flavour: 'sse' } });

  it('never answers the GET', async () => {
    const server = await start(sse({ kind: 'never' }));
    await expect(rawRequest(server.url, { method: 'GET', headers: { accept: 'text/event-stream' } })).rejects.toThrow('stalled-before-headers');
  });

  it('sends the endpoint event after the delay', async () => {
    const server = await start(sse({ kind: 'delay', delayMs: 150 }));
    const asked = monotonicMs();
    const { sse: stream } = await openRawSse(server.url);
    track(stream);
    await stream.until((text) => text.includes('event: endpoint'));
    expect(monotonicMs() - asked).toBeGreaterThanOrEqual(149);
  });

  it('destroys the GET connection', async () => {
    const server = await start(sse({ kind: 'crash' }));
    await expect(openRawSse(server.url)).rejects.toThrow(/socket hang up|ECONNRESET/);
  });

  it.each([
    [true, 'before'],
    [false, 'instead of'],
  ])('sends a garbage event (thenAnswer %s: %s the endpoint event)', async (thenAnswer) => {
    const server = await start(sse({ kind: 'garbage', data: 'not an endpoint', thenAnswer }));
    const { sse: stream } = await openRawSse(server.url);
    track(stream);
    const text = await stream.until((t) => t.includes('not an endpoint'));
    expect(text.startsWith('event: message\ndata: not an endpoint\n\n')).toBe(true);
    if (thenAnswer) await stream.until((t) => t.includes('event: endpoint\ndata: /messages?sessionId='));
    else await expect(stream.until((t) => t.includes('event: endpoint'), 300)).rejects.toThrow(/timeout/);
  });

  it('sends half the endpoint event, then silence', async () => {
    const server = await start(sse({ kind: 'partial' }));
    const { sse: stream } = await openRawSse(server.url);
    track(stream);
    const text = await stream.until((t) => t.startsWith('event: endpoint\ndata: /mess'));
    expect(text).not.toContain('\n\n');
  });

  it('sends the 200 event-stream headers and no endpoint event', async () => {
    const server = await start(sse({ kind: 'headers-then-silence' }));
    const res = await rawRequest(server.url, { method: 'GET', headers: { accept: 'text/event-stream' } });
    expect([res.status, res.headers['content-type'], res.body.length, res.complete]).toEqual([200, 'text/event-stream', 0, false]);
  });

  it.each<[Fault, number]>([
    [{ kind: 'redirect', status: 303, location: '/moved' }, 303],
    [{ kind: 'auth', status: 401 }, 401],
    [{ kind: 'status', status: 502 }, 502],
  ])('answers the GET with %j', async (fault, status) => {
    const server = await start(sse(fault));
    expect((await rawRequest(server.url, { method: 'GET', headers: { accept: 'text/event-stream' } })).status).toBe(status);
  });
});

describe('legacy SSE faults at message stages (answers are events on the stream)', () => {
  const sseAt = (behaviour: ServerBehaviour): ServerBehaviour => ({ ...behaviour, http: { flavour: 'sse' } });

  it.each([MIB, MIB + 1])('sends a sized answer as one event whose data is exactly %i bytes', async (bytes) => {
    const server = await start(sseAt(atList({ kind: 'sized', bytes, fill: 'utf8-4' })));
    const stream = await sseSession(server.url);
    track(stream);
    await stream.post(listTools);
    const text = await stream.until((t) => /"id":2[,}]/.test(t) && t.endsWith('\n\n'), 5_000);
    const data =
      text
        .split('\n')
        .find((line) => line.startsWith('data: {') && /"id":2[,}]/.test(line))
        ?.slice('data: '.length) ?? '';
    expect(Buffer.byteLength(data, 'utf8')).toBe(bytes);
  });

  it('sends a garbage event on the stream, then the answer when told so', async () => {
    const server = await start(sseAt(atCall({ kind: 'garbage', thenAnswer: true })));
    const stream = await sseSession(server.url);
    track(stream);
    await stream.post(callTool);
    const text = await stream.until((t) => t.includes('"id":3'));
    expect(text).toContain('event: message\ndata: this is not JSON-RPC\n\n');
  });

  it('sends half the answer event, then silence', async () => {
    const server = await start(sseAt(atCall({ kind: 'partial' })));
    const stream = await sseSession(server.url);
    track(stream);
    const before = stream.received().length;
    await stream.post(callTool);
    const text = await stream.until((t) => t.length > before && t.slice(before).includes('data: {"'));
    expect(text.slice(before).endsWith('\n\n')).toBe(false);
  });

  it('redirects the POST that carries the request', async () => {
    const server = await start(sseAt(atCall({ kind: 'redirect', status: 307, location: '/moved' })));
    const stream = await sseSession(server.url);
    track(stream);
    const res = await stream.post(callTool);
    expect([res.status, res.headers.location]).toEqual([307, '/moved']);
  });

  it('destroys the event stream when a call crashes', async () => {
    const server = await start(sseAt(atCall({ kind: 'crash' })));
    const stream = await sseSession(server.url);
    await stream.post(callTool);
    await stream.closed;
    expect(server.journal.toolCalls('t')).toHaveLength(1);
  });
});

describe('trap', () => {
  it('answers 404 to everything and records method, path and headers', async () => {
    const t = await trap();
    const res = await fetch(`${t.origin}/.well-known/oauth-authorization-server`, { headers: { authorization: 'Bearer x' } });
    expect(res.status).toBe(404);
    expect(t.hits()).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/.well-known/oauth-authorization-server',
        headers: expect.objectContaining({ authorization: 'Bearer x' }),
      }),
    ]);
    expect(t.connections()).toBe(1);
  });

  it('records the body it was sent, up to its cap, and counts the bytes past it', async () => {
    const t = await trap();
    await fetch(`${t.origin}/token`, { method: 'POST', body: 'client_secret=s3cr3t' });
    const big = await fetch(`${t.origin}/big`, { method: 'POST', body: 'x'.repeat(TRAP_BODY_CAP + 10) });
    expect(big.status).toBe(404);
    expect(t.hits().map((h) => [h.body.length < 100 ? h.body : h.body.length, h.bodyDropped])).toEqual([
      ['client_secret=s3cr3t', 0],
      [TRAP_BODY_CAP, 10],
    ]);
  });
});
