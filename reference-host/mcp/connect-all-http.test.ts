// Integration: connectAll against a real SDK Streamable HTTP server on loopback.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { connectAll, unknownOutcomeText } from './connect-all.js';
import { startHttpFixture, type HttpFixture } from './test-fixtures/http-fixture.js';
import type { McpConnections, McpTool } from './types.js';

const OPTIONS = { connectTimeoutMs: 8000, callTimeoutMs: 8000, builtinNames: [] };
const CRED_REASON = (status: number): string =>
  `credentials rejected (HTTP ${status}); OAuth is not supported, use a static header such as an API key`;

let fixture: HttpFixture | undefined;
let connections: McpConnections | undefined;
afterEach(async () => {
  await connections?.close();
  connections = undefined;
  await fixture?.close();
  fixture = undefined;
});

const toolOf = (c: McpConnections, exposed: string): McpTool => {
  const tool = c.tools.find((t) => t.exposedName === exposed);
  if (!tool) throw new Error(`no tool ${exposed}`);
  return tool;
};

describe('connectAll over Streamable HTTP', () => {
  it('connects with the configured header, lists tools and completes a call, sending it once', async () => {
    fixture = await startHttpFixture({ apiKey: 'sk-live-abc' });
    connections = await connectAll({ mcpServers: { web: { url: fixture.url, headers: { 'x-api-key': 'sk-live-abc' } } } }, OPTIONS);
    expect(connections.statuses).toEqual([{ server: 'web', destination: fixture.url, ok: true, toolCount: 3 }]);
    const outcome = await connections.call(toolOf(connections, 'mcp_web_echo'), { text: 'key sk-live-abc' });
    expect(outcome).toEqual({ status: 'completed', output: 'key ********' });
    expect(fixture.toolCalls('echo')).toBe(1);
    expect(fixture.requests.every((r) => r.headers['x-api-key'] === 'sk-live-abc')).toBe(true);
    expect(fixture.requests.some((r) => r.path.includes('.well-known'))).toBe(false);
  });

  for (const status of [401, 403] as const) {
    it(`reports HTTP ${status} as rejected credentials without starting OAuth`, async () => {
      fixture = await startHttpFixture({ apiKey: 'right', rejectStatus: status });
      connections = await connectAll({ mcpServers: { web: { url: fixture.url, headers: { 'x-api-key': 'wrong-value' } } } }, OPTIONS);
      expect(connections.statuses).toEqual([{ server: 'web', destination: fixture.url, ok: false, reason: CRED_REASON(status) }]);
      expect(fixture.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /mcp']);
    });
  }

  for (const jsonResponse of [false, true]) {
    it(`gives unknown for an answer over 1 MiB (${jsonResponse ? 'JSON' : 'SSE'}) without waiting for the deadline`, async () => {
      fixture = await startHttpFixture({ jsonResponse });
      connections = await connectAll({ mcpServers: { web: { url: fixture.url, headers: {} } } }, { ...OPTIONS, callTimeoutMs: 60_000 });
      const outcome = await connections.call(toolOf(connections, 'mcp_web_huge'), {});
      expect(outcome).toEqual({ status: 'unknown', output: `Response larger than the 1 MiB message limit. ${unknownOutcomeText()}` });
      expect(fixture.toolCalls('huge')).toBe(1);
    });
  }

  it('gives unknown at the call deadline and never resends', async () => {
    fixture = await startHttpFixture();
    connections = await connectAll({ mcpServers: { web: { url: fixture.url, headers: {} } } }, { ...OPTIONS, callTimeoutMs: 1000 });
    const outcome = await connections.call(toolOf(connections, 'mcp_web_hang'), {});
    expect(outcome.status).toBe('unknown');
    expect(fixture.toolCalls('hang')).toBe(1);
    const calls = fixture.requests.filter((r) => (r.body as { method?: string } | undefined)?.method === 'tools/call');
    expect(calls).toHaveLength(1);
  });

  it('refuses plain http to a non-loopback host at start, sending nothing', async () => {
    let sent = 0;
    connections = await connectAll({ mcpServers: { far: { url: 'http://example.com/mcp', headers: {} } } }, OPTIONS, {
      fetch: async () => {
        sent += 1;
        return new Response('');
      },
    });
    expect(connections.statuses).toEqual([
      { server: 'far', destination: 'http://example.com/mcp', ok: false, reason: 'plain http is allowed only for localhost and loopback addresses; use https' },
    ]);
    expect(sent).toBe(0);
  });

  it('reports a refused connection as unavailable', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    connections = await connectAll({ mcpServers: { gone: { url: `http://127.0.0.1:${port}/mcp`, headers: {} } } }, OPTIONS);
    expect(connections.statuses[0]).toMatchObject({ ok: false, reason: 'connection failed (ECONNREFUSED)' });
  });

  it('refuses a redirect at connect: the server is unavailable and the target gets nothing', async () => {
    fixture = await startHttpFixture();
    const target = fixture;
    const redirector = createServer((_req, res) => res.writeHead(307, { location: target.url }).end());
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}/mcp`;
      connections = await connectAll({ mcpServers: { r: { url, headers: { 'x-api-key': 'k' } } } }, OPTIONS);
      expect(connections.statuses[0]).toMatchObject({ ok: false, reason: 'HTTP 307 redirect refused; redirects are never followed' });
      expect(target.requests).toEqual([]);
    } finally {
      redirector.closeAllConnections();
      await new Promise<void>((resolve) => redirector.close(() => resolve()));
    }
  });
});
