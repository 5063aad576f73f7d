// Integration (TRANSPORT-2): connectAll against the fake server's legacy HTTP+SSE flavour.
// The same guarantees as Streamable HTTP: configured headers only, redirects refused,
// no endpoint on another origin, nothing reconnected or resent.
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerBehaviour } from '../../fake-servers/mcp/behaviour.js';
import { startHttpFakeServer } from '../../fake-servers/mcp/http-server.js';
import { startTrap } from '../../fake-servers/mcp/trap.js';
import { connectAll } from './connect-all.js';
import type { McpConnections } from './types.js';

const OPTIONS = { connectTimeoutMs: 5000, callTimeoutMs: 5000, builtinNames: [] };

let closers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const c of closers.reverse()) await c.close();
  closers = [];
});

async function sseServer(behaviour: ServerBehaviour) {
  const server = await startHttpFakeServer({ ...behaviour, http: { ...behaviour.http, flavour: 'sse' } });
  closers.push(server);
  return server;
}

async function connect(url: string, headers: Record<string, string> = {}): Promise<McpConnections> {
  const connections = await connectAll({ mcpServers: { docs: { url, headers, type: 'sse' } } }, OPTIONS);
  closers.push(connections);
  return connections;
}

describe('connectAll over the legacy SSE transport', () => {
  it('discovers tools and completes a call, sending the configured header on the stream and every POST', async () => {
    const server = await sseServer({ tools: [{ name: 'search' }] });
    const connections = await connect(server.url, { Authorization: 'Bearer k-1' });
    expect(connections.statuses).toEqual([{ server: 'docs', destination: server.url, ok: true, toolCount: 1 }]);
    const tool = connections.tools[0]!;
    expect(await connections.call(tool, { q: 'x' })).toEqual({ status: 'completed', output: '{"q":"x"}' });
    const requests = server.journal.entries().filter((e) => e.kind === 'http-request');
    expect(requests.map((r) => r.method)).toEqual(['GET', 'POST', 'POST', 'POST', 'POST']);
    expect(requests.every((r) => r.headers.authorization === 'Bearer k-1')).toBe(true);
  });

  it('refuses a redirect of the event stream and never follows it', async () => {
    const server = await sseServer({ tools: [{ name: 'search' }], stages: { connect: { kind: 'redirect', status: 307, location: '/moved' } } });
    const connections = await connect(server.url);
    expect(connections.statuses[0]).toMatchObject({ ok: false, reason: 'HTTP 307 redirect refused; redirects are never followed' });
    expect(server.journal.entries().filter((e) => e.kind === 'http-request').map((r) => r.path)).toEqual(['/sse']);
  });

  it('sends nothing to an endpoint on another origin, credentials included', async () => {
    const trap = await startTrap();
    closers.push(trap);
    const server = await sseServer({ tools: [{ name: 'search' }], http: { sseEndpointOrigin: trap.origin } });
    const connections = await connect(server.url, { Authorization: 'Bearer k-2' });
    expect(connections.statuses[0]).toMatchObject({ ok: false, reason: expect.stringMatching(/origin/) });
    expect(trap.connections()).toBe(0);
  });

  it('ends a call in flight as unknown when the stream drops, and does not reconnect', async () => {
    const server = await sseServer({ tools: [{ name: 'search', outcome: { kind: 'crash' } }] });
    const connections = await connect(server.url);
    const outcome = await connections.call(connections.tools[0]!, {});
    expect(outcome.status).toBe('unknown');
    expect(await connections.call(connections.tools[0]!, {})).toMatchObject({ status: 'failed' });
    expect(server.journal.entries().filter((e) => e.kind === 'http-request' && e.method === 'GET')).toHaveLength(1);
    expect(server.journal.methods().filter((m) => m === 'tools/call')).toHaveLength(1);
  });
});
