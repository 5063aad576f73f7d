import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import type { ServerBehaviour } from './behaviour.js';
import { createBehaviourEngine } from './engine.js';
import { MemoryJournal } from './journal.js';

const asking = (evenUndeclared?: boolean): ServerBehaviour => ({
  tools: [
    {
      name: 'book',
      outcome: {
        kind: 'ask',
        ask: { method: 'elicitation/create', message: 'Which date?', fields: { date: { type: 'string' } } },
        ...(evenUndeclared && { evenUndeclared }),
      },
    },
  ],
});

async function callBook(behaviour: ServerBehaviour, elicits: boolean): Promise<{ text: string; journal: MemoryJournal }> {
  const journal = new MemoryJournal();
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createBehaviourEngine(behaviour, journal).connect(serverSide, {});
  const client = new Client({ name: 't', version: '1' }, { capabilities: elicits ? { elicitation: { form: {} } } : {} });
  if (elicits) client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: { date: 'tomorrow' } }));
  await client.connect(clientSide);
  const result = await client.callTool({ name: 'book', arguments: {} });
  await client.close();
  return { text: (result.content as { text: string }[])[0]?.text ?? '', journal };
}

describe('a server asking while its call waits', () => {
  it('sends elicitation/create to a host that declared it, journals the answer and reports it in the result', async () => {
    const { text, journal } = await callBook(asking(), true);
    expect(text).toBe('The host answered elicitation/create: {"action":"accept","content":{"date":"tomorrow"}}');
    const out = journal.entries().find((e) => e.kind === 'jsonrpc-out' && e.message.method === 'elicitation/create');
    expect(out).toBeDefined();
    const id = out?.kind === 'jsonrpc-out' ? out.message.id : undefined;
    expect(journal.entries().some((e) => e.kind === 'jsonrpc-in' && e.message.id === id && e.message.method === undefined)).toBe(true);
  });

  it('does not ask a host that did not declare the capability', async () => {
    const { text, journal } = await callBook(asking(), false);
    expect(text).toBe('The host did not declare elicitation: not asked.');
    expect(journal.entries().some((e) => e.kind === 'jsonrpc-out' && e.message.method === 'elicitation/create')).toBe(false);
  });

  it('asks anyway when told to misbehave, and reports the host refusing', async () => {
    const { text, journal } = await callBook(asking(true), false);
    expect(text).toMatch(/^The host answered elicitation\/create with an error -32601/);
    expect(journal.entries().some((e) => e.kind === 'fault' && /not declare elicitation/.test(e.what))).toBe(true);
  });
});

describe('a server asking while the host lists its tools (toolsList.askFirst)', () => {
  it('asks once, before answering the first tools/list, and answers the list whatever the host said', async () => {
    const journal = new MemoryJournal();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const behaviour: ServerBehaviour = {
      tools: [{ name: 'noop' }],
      toolsList: { askFirst: { method: 'elicitation/create', message: 'Which workspace?', fields: {} } },
    };
    await createBehaviourEngine(behaviour, journal).connect(serverSide, {});
    const client = new Client({ name: 't', version: '1' }, { capabilities: { elicitation: { form: {} } } });
    const asked: string[] = [];
    client.setRequestHandler(ElicitRequestSchema, async (request) => (asked.push(String(request.params.message)), { action: 'cancel' }));
    await client.connect(clientSide);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['noop']);
    await client.listTools();
    await client.close();
    expect(asked).toEqual(['Which workspace?']);
    expect(journal.entries().filter((e) => e.kind === 'jsonrpc-out' && e.message.method === 'elicitation/create')).toHaveLength(1);
  });
});
