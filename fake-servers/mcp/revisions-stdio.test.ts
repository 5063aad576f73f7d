// The stdio fake on both revisions (issue 16): the SDK 2.4.0 client speaks 2026-07-28 to a
// fake offering it, the 1.32 client 2025-11-25, and a dual-era client probing a
// 2025-11-25-only fake meets method-not-found and falls back to initialize.
// Needs a fresh build: npx tsc -p tsconfig.build.json
import { Client as ModernClient } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import type { ServerBehaviour } from './behaviour.js';
import { discoveryOf } from './journal-discovery.js';
import { newClient } from './test-fixtures/clients.js';
import { journaledAnswerTo } from './test-fixtures/journal-waits.js';
import { useStdioFakes } from './test-fixtures/stdio-fakes.js';

const spawnFake = useStdioFakes('/tmp/revisions-stdio-test').spawn;

const modernClient = (mode: 'auto' | { pin: '2026-07-28' }) => new ModernClient({ name: 'fake-mcp-test', version: '2.0.0' }, { versionNegotiation: { mode } });
const tools: ServerBehaviour['tools'] = [{ name: 't' }];

describe('stdio fake server on both revisions', () => {
  it('answers server/discover and stateless tools/list and tools/call to a 2026-07-28 client', async () => {
    const { transport, journal } = spawnFake({ protocol: 'both', tools, toolsList: { ttlMs: 60_000 } });
    const client = modernClient({ pin: '2026-07-28' });
    await client.connect(transport as never);
    expect(client.getProtocolEra()).toBe('modern');
    const listed = await client.listTools();
    expect(listed.tools.map((t) => t.name)).toEqual(['t']);
    expect(await client.callTool({ name: 't', arguments: { a: 1 } })).toMatchObject({ content: [{ type: 'text', text: '{"a":1}' }] });
    await journaledAnswerTo(journal, 'tools/call');
    expect(journal.methods()).toEqual(['server/discover', 'tools/list', 'tools/call']);
    const messages = journal.entries().filter((e) => e.kind === 'jsonrpc-in' || e.kind === 'jsonrpc-out');
    expect(messages.map((e) => ('revision' in e ? e.revision : undefined))).toEqual(Array(6).fill('2026-07-28'));
    expect(discoveryOf(journal.entries())).toMatchObject({ via: 'server/discover', revision: '2026-07-28' });
    const out = journal.entries().find((e) => e.kind === 'jsonrpc-out' && Array.isArray((e.message.result as { tools?: unknown })?.tools));
    expect(out).toMatchObject({ message: { result: { ttlMs: 60_000 } } });
  });

  it('pads a sized tools/list answer to its exact size with the 2026-07-28 result fields counted', async () => {
    const { transport, journal } = spawnFake({ protocol: '2026-07-28', tools, stages: { 'tools/list': { kind: 'sized', bytes: 3_000 } } });
    const client = modernClient({ pin: '2026-07-28' });
    await client.connect(transport as never);
    await client.listTools();
    const line = transport.stdout
      .toString('utf8')
      .split('\n')
      .find((l) => l.includes('"tools":['));
    expect(Buffer.byteLength(line!, 'utf8')).toBe(3_000);
    await journaledAnswerTo(journal, 'tools/list');
    expect(
      journal
        .entries()
        .filter((e) => e.kind === 'fault')
        .map((e) => e.what),
    ).toEqual(['tools/list sized']);
  });

  it('acts out an opening fault on server/discover and again on the initialize a dual-era client falls back to', async () => {
    const { transport, journal } = spawnFake({
      protocol: 'both',
      tools,
      stages: { initialize: { kind: 'jsonrpc-error', code: -32000, message: 'not today' } },
    });
    const client = modernClient('auto');
    await expect(client.connect(transport as never)).rejects.toThrow(/not today/);
    await journaledAnswerTo(journal, 'initialize');
    expect(journal.methods().slice(0, 2)).toEqual(['server/discover', 'initialize']);
    expect(
      journal
        .entries()
        .filter((e) => e.kind === 'fault')
        .map((e) => e.what),
    ).toEqual(['initialize jsonrpc-error', 'initialize jsonrpc-error']);
  });

  it('answers initialize on 2025-11-25 to the 1.32 client', async () => {
    const { transport, journal } = spawnFake({ protocol: 'both', tools });
    const client = newClient();
    await client.connect(transport);
    expect(client.getServerVersion()?.name).toBe('fake-mcp');
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['t']);
    await journaledAnswerTo(journal, 'tools/list');
    expect(journal.methods().slice(0, 3)).toEqual(['initialize', 'notifications/initialized', 'tools/list']);
    expect(discoveryOf(journal.entries())).toMatchObject({ via: 'initialize', revision: '2025-11-25' });
  });

  it('refuses initialize on a 2026-07-28-only server with the unsupported-version error', async () => {
    const { transport, journal } = spawnFake({ protocol: '2026-07-28', tools });
    await expect(newClient().connect(transport, { timeout: 5_000 })).rejects.toThrow(/-32022: Unsupported protocol version/);
    await journaledAnswerTo(journal, 'initialize');
    expect(journal.methods()[0]).toBe('initialize');
  });

  it('answers server/discover with method not found without 2026-07-28, and the dual-era client falls back to initialize', async () => {
    const { transport, journal } = spawnFake({ protocol: '2025-11-25', tools });
    const client = modernClient('auto');
    await client.connect(transport as never);
    expect(client.getProtocolEra()).toBe('legacy');
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['t']);
    await journaledAnswerTo(journal, 'tools/list');
    const answer = journal.entries().find((e) => e.kind === 'jsonrpc-out');
    expect(answer).toMatchObject({ message: { error: { code: -32601 } } });
    expect(journal.methods().slice(0, 2)).toEqual(['server/discover', 'initialize']);
    expect(discoveryOf(journal.entries())).toMatchObject({ via: 'initialize', revision: '2025-11-25' });
  });
});
