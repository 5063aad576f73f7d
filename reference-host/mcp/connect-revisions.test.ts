// refhost's opening on either revision (issue 16; DISCOVER-1/2, UNKNOWN-1): against the
// fakes offering 2026-07-28 only, 2025-11-25 only, or both, over stdio and Streamable HTTP,
// refhost speaks 2026-07-28 where offered and falls back to initialize where not, and sends
// each call once. Needs a fresh build (the stdio fake runs from dist/).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ServerBehaviour } from '../../fake-servers/mcp/behaviour.js';
import { startHttpFakeServer, type HttpFakeServer } from '../../fake-servers/mcp/http-server.js';
import { startJournalCollector, type JournalCollector } from '../../fake-servers/mcp/journal-collector.js';
import { discoveryOf } from '../../fake-servers/mcp/journal-discovery.js';
import type { Journal } from '../../fake-servers/mcp/journal.js';
import type { ProtocolOffer } from '../../fake-servers/mcp/protocol-revision.js';
import { requireBuilt } from '../../harness/vitest/require-built.js';
import { connectAll } from './connect-all.js';
import { closeAllStdioGroups, liveStdioGroupCount } from './stdio-transport.js';
import { startHttpFixture, type HttpFixture } from './test-fixtures/http-fixture.js';
import type { McpConnections } from './types.js';

const OPTIONS = { connectTimeoutMs: 6000, callTimeoutMs: 6000, builtinNames: [] };
const tools: ServerBehaviour['tools'] = [{ name: 'echo' }];

let collector: JournalCollector;
beforeAll(() => requireBuilt('dist/stdio-fake.mjs', ['fake-servers/mcp']));
beforeAll(async () => {
  collector = await startJournalCollector();
});
afterAll(() => collector.close());

let connections: McpConnections | undefined;
let httpServers: HttpFakeServer[] = [];
let fixture: HttpFixture | undefined;
afterEach(async () => {
  await connections?.close();
  connections = undefined;
  // Every stdio group refhost started is stopped and reaped, whatever the test did.
  await closeAllStdioGroups();
  await Promise.all(httpServers.map((s) => s.close()));
  httpServers = [];
  await fixture?.close();
  fixture = undefined;
});

type Started = { config: { command: string; args: string[]; env: Record<string, string> } | { url: string; headers: Record<string, string> }; journal: Journal };

async function startFake(transport: 'stdio' | 'http', protocol: ProtocolOffer): Promise<Started> {
  const behaviour: ServerBehaviour = { protocol, tools };
  if (transport === 'stdio') {
    const server = collector.stdioServer(behaviour, 'refhost-revisions');
    return { config: { command: server.command, args: server.args, env: {} }, journal: server.journal };
  }
  const server = await startHttpFakeServer(behaviour);
  httpServers.push(server);
  return { config: { url: server.url, headers: {} }, journal: server.journal };
}

/** Connects refhost to one fake, calls its tool once, closes, and returns the fake's journal. */
async function connectAndCall(transport: 'stdio' | 'http', protocol: ProtocolOffer): Promise<Journal> {
  const { config, journal } = await startFake(transport, protocol);
  connections = await connectAll({ mcpServers: { fake: config } } as never, OPTIONS);
  expect(connections.statuses).toMatchObject([{ server: 'fake', ok: true, toolCount: 1 }]);
  const tool = connections.tools[0];
  if (tool === undefined) throw new Error('no tool discovered');
  expect(await connections.call(tool, { a: 1 })).toMatchObject({ status: 'completed' });
  await connections.close();
  connections = undefined;
  if (transport === 'stdio') await collector.settled(2000);
  return journal;
}

const callsIn = (journal: Journal): number => journal.methods().filter((m) => m === 'tools/call').length;

describe.each(['stdio', 'http'] as const)('refhost connects over %s', (transport) => {
  it('speaks 2026-07-28 to a server offering only it: server/discover, no initialize, the call sent once', async () => {
    const journal = await connectAndCall(transport, '2026-07-28');
    expect(discoveryOf(journal.entries())).toMatchObject({ via: 'server/discover', revision: '2026-07-28' });
    expect(journal.methods()).not.toContain('initialize');
    expect(callsIn(journal)).toBe(1);
  });

  it('picks 2026-07-28 on a server offering both revisions', async () => {
    const journal = await connectAndCall(transport, 'both');
    expect(discoveryOf(journal.entries())).toMatchObject({ via: 'server/discover', revision: '2026-07-28' });
    expect(journal.methods()).not.toContain('initialize');
    expect(callsIn(journal)).toBe(1);
  });

  it('falls back to initialize on a server offering only 2025-11-25, after at most one refused probe', async () => {
    const journal = await connectAndCall(transport, '2025-11-25');
    expect(discoveryOf(journal.entries())).toMatchObject({ via: 'initialize', revision: '2025-11-25' });
    // The HTTP fake refuses the probe with 400 before it parses it, so it may not be journaled.
    expect(journal.methods().filter((m) => m === 'server/discover').length).toBeLessThanOrEqual(1);
    expect(journal.methods().filter((m) => m === 'initialize')).toHaveLength(1);
    expect(callsIn(journal)).toBe(1);
  });
});

describe('refhost over Streamable HTTP on each revision', () => {
  const requests = (journal: Journal) => journal.entries().flatMap((e) => (e.kind === 'http-request' ? [e] : []));

  it('sends no Mcp-Session-Id on 2026-07-28 and the standard Mcp-Method header on every POST', async () => {
    const journal = await connectAndCall('http', '2026-07-28');
    const posts = requests(journal).filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.headers['mcp-method'])).toEqual(['server/discover', 'tools/list', 'tools/call']);
    expect(requests(journal).every((r) => r.headers['mcp-session-id'] === undefined)).toBe(true);
  });

  it('keeps the session on 2025-11-25 and ends it with DELETE at close', async () => {
    const journal = await connectAndCall('http', '2025-11-25');
    const all = requests(journal);
    expect(all.some((r) => typeof r.headers['mcp-session-id'] === 'string')).toBe(true);
    expect(all.at(-1)?.method).toBe('DELETE');
  });

  it('still uses a 2026-07-28-only server that answers server/discover after the probe budget (the raced initialize it refuses does not close the session)', async () => {
    const server = await startHttpFakeServer({ protocol: '2026-07-28', tools, stages: { initialize: { kind: 'delay', delayMs: OPTIONS.connectTimeoutMs / 2 } } });
    httpServers.push(server);
    connections = await connectAll({ mcpServers: { late: { url: server.url, headers: {} } } } as never, OPTIONS);
    expect(connections.statuses).toMatchObject([{ server: 'late', ok: true, toolCount: 1 }]);
    const tool = connections.tools[0];
    if (tool === undefined) throw new Error('no tool discovered');
    expect(await connections.call(tool, { a: 1 })).toMatchObject({ status: 'completed' });
    expect(callsIn(server.journal)).toBe(1);
  });

  it('still uses a 2025-11-25 server that never answers server/discover, within the connect deadline', async () => {
    fixture = await startHttpFixture({ silentOn: 'server/discover' });
    const started = Date.now();
    connections = await connectAll({ mcpServers: { quiet: { url: fixture.url, headers: {} } } } as never, OPTIONS);
    expect(Date.now() - started).toBeLessThan(OPTIONS.connectTimeoutMs);
    expect(connections.statuses).toMatchObject([{ server: 'quiet', ok: true, toolCount: 3 }]);
    const echo = connections.tools.find((t) => t.originalName === 'echo');
    if (echo === undefined) throw new Error('echo not discovered');
    expect(await connections.call(echo, { text: 'hi' })).toEqual({ status: 'completed', output: 'hi' });
    expect(fixture.toolCalls('echo')).toBe(1);
    const methods = fixture.requests.map((r) => (r.body as { method?: string } | undefined)?.method);
    expect(methods.filter((m) => m === 'server/discover')).toHaveLength(1);
    expect(methods.filter((m) => m === 'initialize')).toHaveLength(1);
  });
});

describe('refhost stdio groups', () => {
  it('leaves no stdio group alive after close on either revision', async () => {
    await connectAndCall('stdio', 'both');
    expect(liveStdioGroupCount()).toBe(0);
  });
});
