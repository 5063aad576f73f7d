// ASK-1..3 on 2026-07-28: the stdio fake answers an asking call with input_required, and the
// SDK 2.4.0 client's auto-fulfilment (the same elicitation handler) re-sends it with
// inputResponses; the second answer reports what the host answered.
// Needs a fresh build: npx tsc -p tsconfig.build.json
import { Client as ModernClient } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import type { ServerBehaviour } from './behaviour.js';
import { useStdioFakes } from './test-fixtures/stdio-fakes.js';

const spawnFake = useStdioFakes('/tmp/server-asks-modern-test').spawn;

const behaviour = (evenUndeclared = false): ServerBehaviour => ({
  protocol: '2026-07-28',
  tools: [
    {
      name: 'book',
      outcome: { kind: 'ask', evenUndeclared, ask: { method: 'elicitation/create', message: 'Which date?', fields: { date: { type: 'string' } } } },
    },
  ],
});

describe('a server asking on 2026-07-28', () => {
  it('returns input_required, then reports the input response the client re-sends', async () => {
    const { transport, journal } = spawnFake(behaviour());
    const client = new ModernClient(
      { name: 't', version: '1' },
      { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { date: 'tomorrow' } }));
    await client.connect(transport as never);
    const result = await client.callTool({ name: 'book', arguments: {} });
    expect(result).toMatchObject({
      content: [{ type: 'text', text: 'The host answered elicitation/create: {"action":"accept","content":{"date":"tomorrow"}}' }],
    });
    // The journal reaches the collector over its own channel: wait for the re-send's entry, not the answer.
    await journal.waitFor(
      (e) =>
        e.kind === 'jsonrpc-in' &&
        e.message.method === 'tools/call' &&
        (e.message.params as { inputResponses?: unknown } | undefined)?.inputResponses !== undefined,
      5_000,
    );
    const calls = journal.entries().filter((e) => e.kind === 'jsonrpc-in' && e.message.method === 'tools/call');
    expect(calls).toHaveLength(2);
    expect((calls[1]?.kind === 'jsonrpc-in' ? calls[1].message.params : {}) as object).toMatchObject({
      inputResponses: { ask: { action: 'accept' } },
      requestState: 'ask',
    });
    await client.close();
  });

  it('answers a re-send with the outcome of the call that asked, so the next call gets the next outcome', async () => {
    const ask = (message: string) => ({
      kind: 'ask' as const,
      ask: { method: 'elicitation/create' as const, message, fields: { date: { type: 'string' as const } } },
    });
    const { transport } = spawnFake({
      protocol: '2026-07-28',
      tools: [{ name: 'book', outcomes: [ask('first?'), ask('second?')], outcome: { kind: 'echo' } }],
    });
    const client = new ModernClient(
      { name: 't', version: '1' },
      { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    const asked: unknown[] = [];
    client.setRequestHandler('elicitation/create', async (request) => (asked.push(request.params.message), { action: 'accept', content: { date: 'now' } }));
    await client.connect(transport as never);
    for (let i = 0; i < 2; i++) await client.callTool({ name: 'book', arguments: {} });
    expect(asked).toEqual(['first?', 'second?']);
    await client.close();
  });

  it('does not ask a client that declared no elicitation', async () => {
    const { transport } = spawnFake(behaviour());
    const client = new ModernClient({ name: 't', version: '1' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(transport as never);
    expect(await client.callTool({ name: 'book', arguments: {} })).toMatchObject({
      content: [{ type: 'text', text: 'The host did not declare elicitation: not asked.' }],
    });
    await client.close();
  });
});
