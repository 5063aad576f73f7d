// Faults at every stage on every transport, seen through the official SDK client: the fault
// hits exactly its stage (initialize, each list, a given tools/list page, call #i) and each
// kind the SDK can observe does what fault-schema.ts says. Wire-level detail (sizes, framing,
// status lines): stage-faults-http.test.ts and stage-faults-stdio.test.ts.
// stdio runs from dist: build first (npx tsc -p tsconfig.build.json).
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { LoggingMessageNotificationSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requireBuilt } from '../../harness/vitest/require-built.js';
import type { ServerBehaviour } from './behaviour.js';
import type { Fault, ListStage } from './fault-schema.js';
import { jsonBytes } from './stamped-text.js';
import { launchFake, TEST_CARRIERS, type LaunchedFake, type TestCarrier } from './test-fixtures/clients.js';
import { JOURNAL_WAIT_MS, journaledAnswer, journaledAnswerTo } from './test-fixtures/journal-waits.js';

beforeAll(() => requireBuilt('dist/stdio-fake.mjs', ['fake-servers/mcp']));

let fakes: LaunchedFake[] = [];
afterEach(async () => {
  await Promise.all(fakes.map((f) => f.close()));
  fakes = [];
});

const EVERYTHING: ServerBehaviour = {
  generateTools: { count: 4 },
  toolsList: { pages: 2 },
  tools: [{ name: 't' }],
  resources: [{ uri: 'notes://a', name: 'a', text: 'A' }],
  resourceTemplates: [{ uriTemplate: 'notes://day/{d}', name: 'day' }],
  prompts: [{ name: 'p', messages: [{ role: 'user', text: 'hi' }] }],
};

async function launch(carrier: TestCarrier, behaviour: ServerBehaviour): Promise<LaunchedFake> {
  const fake = await launchFake(carrier, behaviour);
  fakes.push(fake);
  return fake;
}

async function connected(carrier: TestCarrier, behaviour: ServerBehaviour): Promise<{ fake: LaunchedFake; client: Client }> {
  const fake = await launch(carrier, behaviour);
  return { fake, client: await fake.connect() };
}

const LISTS: Record<ListStage, (c: Client) => Promise<unknown>> = {
  'tools/list': (c) => c.listTools(),
  'resources/list': (c) => c.listResources(),
  'resources/templates/list': (c) => c.listResourceTemplates(),
  'prompts/list': (c) => c.listPrompts(),
};
const ERROR: Fault = { kind: 'jsonrpc-error', code: -32077, message: 'stage fault' };
const outcome = (p: Promise<unknown>): Promise<string> =>
  p.then(
    () => 'answered',
    (e: unknown) => (e instanceof McpError ? `error ${e.code}` : 'failed'),
  );
const SHORT = { timeout: 400 };

describe.each(TEST_CARRIERS)('stages over %s', (carrier) => {
  it('fails initialize alone', async () => {
    const fake = await launch(carrier, { stages: { initialize: ERROR } });
    await expect(fake.connect()).rejects.toThrow(/stage fault/);
  });

  it.each(Object.keys(LISTS) as ListStage[])('fails %s alone', async (stage) => {
    const { client } = await connected(carrier, { ...EVERYTHING, stages: { [stage]: ERROR } });
    const results = Object.fromEntries(await Promise.all(Object.entries(LISTS).map(async ([s, list]) => [s, await outcome(list(client))])));
    expect(results).toEqual({ ...Object.fromEntries(Object.keys(LISTS).map((s) => [s, 'answered'])), [stage]: 'error -32077' });
  });

  it('fails one tools/list page alone', async () => {
    const { client } = await connected(carrier, { ...EVERYTHING, stages: { 'tools/list': { kind: 'never', page: 1 } } });
    const first = await client.listTools();
    expect(first.nextCursor).toBe('1');
    expect(await outcome(client.listTools({ cursor: '1' }, SHORT))).toBe('error -32001');
    expect((await client.listTools()).tools).toHaveLength(3);
  });

  it('fails the calls given by index and answers the others', async () => {
    const { client, fake } = await connected(carrier, { tools: [{ name: 't', outcomes: [{ kind: 'echo' }, ERROR], outcome: { kind: 'echo' } }] });
    const calls = [];
    for (let i = 0; i < 3; i++) calls.push(await outcome(client.callTool({ name: 't', arguments: { i } })));
    expect(calls).toEqual(['answered', 'error -32077', 'answered']);
    await journaledAnswer(fake.journal, (m) => m.method === 'tools/call' && (m.params as { arguments?: { i?: unknown } } | undefined)?.arguments?.i === 2);
    expect(fake.journal.toolCalls('t')).toHaveLength(3);
  });
});

describe.each(TEST_CARRIERS)('fault kinds over %s, seen by the SDK client', (carrier) => {
  const oneCall = (fault: Fault) => ({ tools: [{ name: 't', outcome: fault as never }] });

  it('never answers, and journals the call once', async () => {
    const { client, fake } = await connected(carrier, oneCall({ kind: 'never' }));
    expect(await outcome(client.callTool({ name: 't', arguments: {} }, undefined, SHORT))).toBe('error -32001');
    // The client gives up on its own clock: the server may not even have journaled the call yet.
    await fake.journal.waitFor((e) => e.kind === 'jsonrpc-in' && e.message.method === 'tools/call', JOURNAL_WAIT_MS);
    expect(fake.journal.toolCalls('t')).toHaveLength(1);
    expect(fake.journal.entries().some((e) => e.kind === 'jsonrpc-out' && 'result' in e.message && e.message.id === fake.journal.toolCalls()[0]?.id)).toBe(
      false,
    );
  });

  it('answers after the delay', async () => {
    const { client, fake } = await connected(carrier, { stages: { 'tools/list': { kind: 'delay', delayMs: 80 } }, tools: [{ name: 't' }] });
    await client.listTools();
    await journaledAnswerTo(fake.journal, 'tools/list');
    const entries = fake.journal.entries();
    const asked = entries.find((e) => e.kind === 'jsonrpc-in' && e.message.method === 'tools/list');
    const answered = entries.find((e) => e.kind === 'jsonrpc-out' && (e.message.result as { tools?: unknown })?.tools !== undefined);
    expect(answered!.mono - asked!.mono).toBeGreaterThanOrEqual(79);
  });

  it('sends the JSON-RPC error with its code, message and data', async () => {
    const { client } = await connected(carrier, oneCall({ kind: 'jsonrpc-error', code: -32050, message: 'quota', data: { retry: false } }));
    const error = (await client.callTool({ name: 't', arguments: {} }).catch((e: unknown) => e)) as McpError;
    expect([error.code, error.data]).toEqual([-32050, { retry: false }]);
  });

  it('crashes mid-call: the call fails', async () => {
    const { client, fake } = await connected(carrier, oneCall(carrier === 'stdio' ? { kind: 'crash', code: 4 } : { kind: 'crash' }));
    expect(await outcome(client.callTool({ name: 't', arguments: {} }, undefined, { timeout: 2_000 }))).not.toBe('answered');
    if (fake.stdio) expect(await fake.stdio.exited).toEqual({ code: 4, signal: null });
    else await fake.journal.waitFor((e) => e.kind === 'connection-close', 2_000);
    await fake.journal.waitFor((e) => e.kind === 'fault' && e.what === 'tools/call crash', JOURNAL_WAIT_MS);
    expect(fake.journal.entries().some((e) => e.kind === 'fault' && e.what === 'tools/call crash')).toBe(true);
  });

  it('answers a message of exactly the requested size', async () => {
    const { client, fake } = await connected(carrier, {
      stages: { 'tools/list': { kind: 'sized', bytes: 300_000, fill: 'utf8-mixed' } },
      tools: [{ name: 't' }],
    });
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['t']);
    await journaledAnswerTo(fake.journal, 'tools/list');
    const out = fake.journal.entries().find((e) => e.kind === 'jsonrpc-out' && (e.message.result as { tools?: unknown })?.tools !== undefined);
    expect(out?.kind === 'jsonrpc-out' && jsonBytes(out.message)).toBe(300_000);
  });

  it('answers a call with a message of exactly the requested size, one stamped text block', async () => {
    const { client } = await connected(carrier, oneCall({ kind: 'sized', bytes: 1024 }));
    const result = await client.callTool({ name: 't', arguments: {} });
    expect((result.content as { text: string }[])[0]?.text).toMatch(/^\[00000000\]abc/);
  });

  it.runIf(carrier !== 'stdio')('answers a call padded by blank lines to the requested size: the same answer, parsed whole', async () => {
    const { client } = await connected(carrier, oneCall({ kind: 'sized', bytes: 50_000, pad: 'blank-lines' }));
    const result = await client.callTool({ name: 't', arguments: { q: 1 } });
    expect(result.content).toEqual([{ type: 'text', text: '{"q":1}' }]);
  });

  it('sends half a message and stalls', async () => {
    const { client } = await connected(carrier, oneCall({ kind: 'partial' }));
    expect(await outcome(client.callTool({ name: 't', arguments: {} }, undefined, SHORT))).not.toBe('answered');
  });

  it.runIf(carrier !== 'streamable-json')('keeps a never-answered call busy with progress, then with log lines without a token', async () => {
    const { client } = await connected(carrier, oneCall({ kind: 'progress-forever', intervalMs: 40 }));
    const progress: number[] = [];
    const result = outcome(client.callTool({ name: 't', arguments: {} }, undefined, { timeout: 600, onprogress: (p) => progress.push(p.progress) }));
    expect(await result).toBe('error -32001');
    expect(progress.length).toBeGreaterThanOrEqual(3);
    expect(progress.slice(0, 3)).toEqual([1, 2, 3]);
    const logged: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logged.push(n.params.data));
    expect(await outcome(client.callTool({ name: 't', arguments: {} }, undefined, { timeout: 400 }))).toBe('error -32001');
    expect(logged.length).toBeGreaterThanOrEqual(2);
    expect(logged[0]).toBe('still working (1)');
  });

  it.runIf(carrier !== 'stdio')('answers redirects, auth and error statuses that the call cannot pass', async () => {
    const { client } = await connected(carrier, {
      tools: [
        { name: 'moved', outcome: { kind: 'redirect', status: 308, location: '/elsewhere' } },
        { name: 'denied', outcome: { kind: 'auth', status: 403 } },
        { name: 'down', outcome: { kind: 'status', status: 503 } },
      ],
    });
    for (const name of ['moved', 'denied', 'down'])
      expect(await outcome(client.callTool({ name, arguments: {} }, undefined, { timeout: 2_000 }))).not.toBe('answered');
  });
});
