// Integration: resources and prompts through connectAll against the HTTP fake server.
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerBehaviour } from '../../fake-servers/mcp/behaviour.js';
import { startHttpFakeServer, type HttpFakeServer } from '../../fake-servers/mcp/http-server.js';
import { connectAll } from './connect-all.js';
import type { McpConnections } from './types.js';

const OPTIONS = { connectTimeoutMs: 8000, callTimeoutMs: 8000, builtinNames: [] };

let server: HttpFakeServer | undefined;
let connections: McpConnections | undefined;
afterEach(async () => {
  await connections?.close();
  await server?.close();
  connections = server = undefined;
});

async function connect(behaviour: ServerBehaviour): Promise<{ c: McpConnections; methods: () => string[] }> {
  const fake = (server = await startHttpFakeServer(behaviour));
  connections = await connectAll({ mcpServers: { docs: { url: fake.url, headers: { 'x-api-key': 'sekrit-1' } } } }, OPTIONS);
  return { c: connections, methods: () => fake.journal.methods() };
}

const BEHAVIOUR: ServerBehaviour = {
  tools: [{ name: 'search' }],
  resources: [
    { uri: 'notes://a', name: 'a', text: 'alpha' },
    { uri: 'notes://sekrit-1', name: 'leaky', text: 'x' },
  ],
  resourceTemplates: [{ uriTemplate: 'notes://day/{date}', name: 'day' }],
  prompts: [{ name: 'greet', description: 'Say hi', arguments: [{ name: 'who', required: true }], messages: [{ role: 'user', text: 'Say hi to {{who}}.' }] }],
};

describe('connectAll resources and prompts', () => {
  it('lists resources, templates and prompts at start without fetching any prompt', async () => {
    const { c, methods } = await connect(BEHAVIOUR);
    expect(c.resources.map((r) => `${r.server} ${r.uri}`)).toEqual(['docs notes://a']);
    expect(c.resourceTemplates.map((t) => t.uriTemplate)).toEqual(['notes://day/{date}']);
    expect(c.prompts).toEqual([
      { server: 'docs', name: 'greet', description: 'Say hi', arguments: [{ name: 'who', description: undefined, required: true }] },
    ]);
    expect(methods()).toEqual(expect.arrayContaining(['resources/list', 'resources/templates/list', 'prompts/list']));
    expect(methods()).not.toContain('prompts/get');
  });

  it('reads listed and template-matched URIs and refuses others without sending', async () => {
    const { c, methods } = await connect(BEHAVIOUR);
    expect(await c.readResource('docs', 'notes://a')).toEqual({ status: 'completed', output: '[resource notes://a]\nalpha' });
    expect((await c.readResource('docs', 'notes://day/2024-01-01')).status).toBe('completed');
    expect((await c.readResource('docs', 'notes://secret')).status).toBe('failed');
    expect((await c.readResource('docs', 'notes://sekrit-1')).status).toBe('failed');
    expect(methods().filter((m) => m === 'resources/read')).toHaveLength(2);
  });

  it('gets a listed prompt with its arguments and refuses an unlisted one', async () => {
    const { c, methods } = await connect(BEHAVIOUR);
    expect(await c.getPrompt('docs', 'greet', { who: 'Ada' })).toEqual({ ok: true, messages: [{ role: 'user', text: 'Say hi to Ada.' }] });
    expect((await c.getPrompt('docs', 'other', {})).ok).toBe(false);
    expect(methods().filter((m) => m === 'prompts/get')).toHaveLength(1);
  });

  it('asks a server without the capabilities for no lists and offers nothing', async () => {
    const { c, methods } = await connect({ tools: [{ name: 'search' }] });
    expect([c.resources, c.resourceTemplates, c.prompts]).toEqual([[], [], []]);
    expect(methods().some((m) => m.startsWith('resources/') || m.startsWith('prompts/'))).toBe(false);
  });
});
