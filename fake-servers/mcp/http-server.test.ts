// Tool outcomes and discovery behaviours of the HTTP fake, observed through the SDK client.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError, ToolListChangedNotificationSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerBehaviour, ToolOutcome } from './behaviour.js';
import { startHttpFakeServer, type HttpFakeServer } from './http-server.js';
import { connectHttp } from './test-fixtures/clients.js';

let servers: HttpFakeServer[] = [];
let clients: Client[] = [];

afterEach(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
  clients = [];
});

async function start(behaviour: ServerBehaviour): Promise<HttpFakeServer> {
  const server = await startHttpFakeServer(behaviour);
  servers.push(server);
  return server;
}

async function startAndConnect(behaviour: ServerBehaviour): Promise<{ server: HttpFakeServer; client: Client }> {
  const server = await start(behaviour);
  const client = await connectHttp(server.url, { sse: behaviour.http?.flavour === 'sse' });
  clients.push(client);
  return { server, client };
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

describe('discovery', () => {
  it('announces server info, instructions and tools exactly as described', async () => {
    const inputSchema = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] };
    const { client } = await startAndConnect({
      name: 'weather',
      version: '2.1.0',
      instructions: 'Use me for weather.',
      tools: [{ name: 'forecast', title: 'Forecast', description: 'Gets a forecast.', inputSchema, annotations: { readOnlyHint: true } }],
    });
    expect(client.getServerVersion()).toEqual({ name: 'weather', version: '2.1.0' });
    expect(client.getInstructions()).toBe('Use me for weather.');
    const { tools } = await client.listTools();
    expect(tools).toEqual([{ name: 'forecast', title: 'Forecast', description: 'Gets a forecast.', inputSchema, annotations: { readOnlyHint: true } }]);
  });

  it('splits the tool list over the requested number of pages', async () => {
    const { server, client } = await startAndConnect({ generateTools: { count: 5 }, toolsList: { pages: 3 } });
    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? {} : { cursor });
      names.push(...page.tools.map((t) => t.name));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    expect(names).toEqual(['tool_0', 'tool_1', 'tool_2', 'tool_3', 'tool_4']);
    expect(server.journal.methods().filter((m) => m === 'tools/list')).toHaveLength(3);
  });

  it('sends an input schema of exactly the requested UTF-8 size', async () => {
    const { client } = await startAndConnect({
      tools: [{ name: 'big', inputSchema: { type: 'object', properties: { q: { type: 'string' } } }, inputSchemaBytes: 16 * 1024, fill: 'utf8-3' }],
    });
    const [tool] = (await client.listTools()).tools;
    expect(Buffer.byteLength(JSON.stringify(tool?.inputSchema), 'utf8')).toBe(16 * 1024);
    expect(tool?.inputSchema.properties).toEqual({ q: { type: 'string' } });
  });

  it('sends list_changed after the first call and then lists the changed tools', async () => {
    const { client } = await startAndConnect({ tools: [{ name: 'old' }], listChanged: { tools: [{ name: 'new' }] } });
    const changed = new Promise<void>((resolve) => client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()));
    await call(client, 'old');
    await changed;
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['new']);
  });

  it('delays initialize by the requested time', async () => {
    const { server } = await startAndConnect({ stages: { initialize: { kind: 'delay', delayMs: 50 } } });
    const entries = server.journal.entries();
    const asked = entries.find((e) => e.kind === 'jsonrpc-in' && e.message.method === 'initialize');
    const answered = entries.find((e) => e.kind === 'jsonrpc-out' && 'result' in e.message);
    expect(answered!.mono - asked!.mono).toBeGreaterThanOrEqual(49);
  });

  it('answers initialize with the configured JSON-RPC error', async () => {
    const server = await start({ stages: { initialize: { kind: 'jsonrpc-error', code: -32001, message: 'not today' } } });
    await expect(connectHttp(server.url)).rejects.toThrow(/not today/);
  });

  it('never answers initialize when told so', async () => {
    const server = await start({ stages: { initialize: { kind: 'never' } } });
    await expect(connectHttp(server.url, { timeoutMs: 300 })).rejects.toThrow(/timed out/i);
    expect(server.journal.methods()).toEqual(['initialize']);
  });

  it('closes every connection at once when it crashes at start', async () => {
    const server = await start({ stages: { connect: { kind: 'crash' } } });
    await expect(connectHttp(server.url)).rejects.toThrow();
    expect(server.journal.entries().some((e) => e.kind === 'fault' && e.what === 'connect crash')).toBe(true);
    expect(server.journal.methods()).toEqual([]);
  });
});

describe('tool outcomes', () => {
  it('returns every content block type in order, with structuredContent', async () => {
    const content = [
      { type: 'text', text: 'one' },
      { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
      { type: 'resource', resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'embedded' } },
      { type: 'resource', resource: { uri: 'file:///b.bin', blob: 'AAEC' } },
      { type: 'resource_link', uri: 'file:///c.txt', name: 'c' },
      { type: 'text', text: 'two' },
    ] as const;
    const { client } = await startAndConnect({ tools: [{ name: 't', outcome: { kind: 'content', content: [...content], structuredContent: { n: 1 } } }] });
    expect(await call(client, 't')).toEqual({ content, structuredContent: { n: 1 } });
  });

  it('returns structuredContent without any text', async () => {
    const { client } = await startAndConnect({ tools: [{ name: 't', outcome: { kind: 'content', content: [], structuredContent: { temp: 21 } } }] });
    expect(await call(client, 't')).toEqual({ content: [], structuredContent: { temp: 21 } });
  });

  it('returns isError results', async () => {
    const { client } = await startAndConnect({
      tools: [{ name: 't', outcome: { kind: 'content', content: [{ type: 'text', text: 'boom' }], isError: true } }],
    });
    expect(await call(client, 't')).toEqual({ content: [{ type: 'text', text: 'boom' }], isError: true });
  });

  it('answers with exactly the configured JSON-RPC error', async () => {
    const { server, client } = await startAndConnect({ tools: [{ name: 't', outcome: { kind: 'jsonrpc-error', code: -32050, message: 'quota exceeded' } }] });
    const error = await call(client, 't').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(-32050);
    const out = server.journal.entries().find((e) => e.kind === 'jsonrpc-out' && 'error' in e.message);
    expect(out?.kind === 'jsonrpc-out' && out.message.error).toEqual({ code: -32050, message: 'quota exceeded' });
  });

  it('returns a stamped text of exactly the requested UTF-8 size', async () => {
    const { client } = await startAndConnect({ tools: [{ name: 't', outcome: { kind: 'sized-text', bytes: 70_000, fill: 'utf8-4' } }] });
    const { text } = (await call(client, 't')).content[0] as { text: string };
    expect(Buffer.byteLength(text, 'utf8')).toBe(70_000);
    expect(text.startsWith('[00000000]😀')).toBe(true);
    expect(text).toContain('[00065536]');
  });

  it('echoes the arguments by default', async () => {
    const { client } = await startAndConnect({ tools: [{ name: 't' }] });
    expect(await call(client, 't', { a: [1, 'x'] })).toEqual({ content: [{ type: 'text', text: '{"a":[1,"x"]}' }] });
  });

  it('uses per-call outcomes first and the default outcome after them', async () => {
    const first: ToolOutcome = { kind: 'content', content: [{ type: 'text', text: 'first' }] };
    const later: ToolOutcome = { kind: 'content', content: [{ type: 'text', text: 'later' }] };
    const { client } = await startAndConnect({ tools: [{ name: 't', outcomes: [first], outcome: later }] });
    const texts = [];
    for (let i = 0; i < 3; i++) texts.push(((await call(client, 't')).content[0] as { text: string }).text);
    expect(texts).toEqual(['first', 'later', 'later']);
  });

  it('delays the answer by the requested time', async () => {
    const { server, client } = await startAndConnect({ tools: [{ name: 't', outcome: { kind: 'echo', delayMs: 60 } }] });
    await call(client, 't');
    const [asked] = server.journal.toolCalls('t');
    const answered = server.journal.entries().find((e) => e.kind === 'jsonrpc-out' && e.message.id === asked?.id && 'result' in e.message);
    expect(answered!.mono - asked!.mono).toBeGreaterThanOrEqual(59);
  });

  it('never answers a call, and journals it once', async () => {
    const { server, client } = await startAndConnect({ tools: [{ name: 't', outcome: { kind: 'never' } }] });
    await expect(client.callTool({ name: 't', arguments: {} }, undefined, { timeout: 200 })).rejects.toThrow(/timed out/i);
    const [asked] = server.journal.toolCalls('t');
    expect(server.journal.toolCalls()).toHaveLength(1);
    expect(server.journal.entries().some((e) => e.kind === 'jsonrpc-out' && e.message.id === asked?.id)).toBe(false);
  });

  it('crashes the connection that carries the call', async () => {
    const { server, client } = await startAndConnect({ tools: [{ name: 't', outcome: { kind: 'crash' } }] });
    const failed = client.callTool({ name: 't', arguments: {} }, undefined, { timeout: 5_000 }).then(
      () => 'answered',
      () => 'failed',
    );
    await server.journal.waitFor((e) => e.kind === 'fault' && e.what === 'tools/call crash', 5_000);
    await server.journal.waitFor((e) => e.kind === 'connection-close', 5_000);
    expect(server.journal.toolCalls()).toHaveLength(1);
    client.close().catch(() => {});
    expect(await failed).toBe('failed');
  });

  it('with afterHeaders, begins the answer (200 event-stream headers) and then drops the connection', async () => {
    const server = await start({ tools: [{ name: 't', outcome: { kind: 'crash', afterHeaders: true } }], http: { session: 'stateless' } });
    const response = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 't', arguments: {} } }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    await expect(response.text()).rejects.toThrow();
    expect(server.journal.toolCalls()).toHaveLength(1);
  });

  it('crashes every open connection at once with everyConnection, the server staying up', async () => {
    const { server, client } = await startAndConnect({ tools: [{ name: 't', outcomes: [{ kind: 'crash', everyConnection: true }] }] });
    const opened = () => server.journal.entries().filter((e) => e.kind === 'connection-open').length;
    const open = opened();
    const failed = client.callTool({ name: 't', arguments: {} }, undefined, { timeout: 5_000 }).then(
      () => 'answered',
      () => 'failed',
    );
    await server.journal.waitFor((e) => e.kind === 'fault' && e.what === 'tools/call crash', 5_000);
    expect(await failed).toBe('failed');
    await server.journal.waitFor(() => server.journal.entries().filter((e) => e.kind === 'connection-close').length >= open, 5_000);
    await client.close().catch(() => {});
    const response = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBeGreaterThanOrEqual(400);
  });
});

describe('HTTP flavours', () => {
  it('serves stateless Streamable HTTP without a session id', async () => {
    const { server, client } = await startAndConnect({ tools: [{ name: 't' }], http: { session: 'stateless' } });
    await call(client, 't', { x: 1 });
    const requests = server.journal.entries().filter((e) => e.kind === 'http-request');
    expect(requests.every((e) => e.kind === 'http-request' && e.headers['mcp-session-id'] === undefined)).toBe(true);
    expect(server.journal.toolCalls()).toHaveLength(1);
  });

  it('answers as application/json when asked', async () => {
    const { client } = await startAndConnect({ tools: [{ name: 't' }], http: { jsonResponse: true } });
    expect(await call(client, 't', { y: 2 })).toEqual({ content: [{ type: 'text', text: '{"y":2}' }] });
  });

  it('serves the legacy HTTP+SSE transport at /sse', async () => {
    const { server, client } = await startAndConnect({ tools: [{ name: 't' }], http: { flavour: 'sse' } });
    expect(server.url).toMatch(/\/sse$/);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['t']);
    expect(await call(client, 't', { z: 3 })).toEqual({ content: [{ type: 'text', text: '{"z":3}' }] });
  });

  it('destroys the SSE stream when a call over the legacy transport crashes', async () => {
    const { server, client } = await startAndConnect({ tools: [{ name: 't', outcome: { kind: 'crash' } }], http: { flavour: 'sse' } });
    const outcome = client.callTool({ name: 't', arguments: {} }, undefined, { timeout: 5_000 }).then(
      () => 'answered',
      () => 'failed',
    );
    await server.journal.waitFor((e) => e.kind === 'fault' && e.what === 'tools/call crash', 5_000);
    client.close().catch(() => {});
    expect(await outcome).toBe('failed');
  });
});

describe('resources and prompts', () => {
  const behaviour: ServerBehaviour = {
    resources: [
      { uri: 'notes://readme', name: 'readme', mimeType: 'text/plain', text: 'hello' },
      { uri: 'notes://logo', name: 'logo', mimeType: 'image/png', blob: 'iVBORw0KGgo=' },
    ],
    resourceTemplates: [{ uriTemplate: 'notes://day/{date}', name: 'day' }],
    prompts: [{ name: 'greet', arguments: [{ name: 'who', required: true }], messages: [{ role: 'user', text: 'Say hi to {{who}}.' }] }],
  };

  it('lists and reads static and templated resources', async () => {
    const { client } = await startAndConnect(behaviour);
    expect((await client.listResources()).resources.map((r) => r.uri)).toEqual(['notes://readme', 'notes://logo']);
    expect((await client.listResourceTemplates()).resourceTemplates).toEqual([{ uriTemplate: 'notes://day/{date}', name: 'day' }]);
    expect(await client.readResource({ uri: 'notes://readme' })).toEqual({ contents: [{ uri: 'notes://readme', mimeType: 'text/plain', text: 'hello' }] });
    expect((await client.readResource({ uri: 'notes://logo' })).contents[0]).toMatchObject({ blob: 'iVBORw0KGgo=' });
    expect((await client.readResource({ uri: 'notes://day/2024-01-01' })).contents[0]).toMatchObject({ text: 'day: notes://day/2024-01-01' });
    await expect(client.readResource({ uri: 'notes://secret' })).rejects.toThrow(/Resource not found/);
  });

  it('reads a resource of exactly textBytes UTF-8 bytes of stamped text', async () => {
    const { client } = await startAndConnect({ resources: [{ uri: 'notes://big', name: 'big', textBytes: 20_000, fill: 'utf8-3' }] });
    const [contents] = (await client.readResource({ uri: 'notes://big' })).contents as { text: string }[];
    expect(Buffer.byteLength(contents?.text ?? '', 'utf8')).toBe(20_000);
    expect(contents?.text.startsWith('[00000000]€')).toBe(true);
    expect((await client.listResources()).resources).toEqual([{ uri: 'notes://big', name: 'big' }]);
  });

  it('answers a read with several contents, and a read of a faulty resource with its fault, listing neither field', async () => {
    const { client } = await startAndConnect({
      resources: [
        {
          uri: 'notes://parts',
          name: 'parts',
          mimeType: 'text/plain',
          contents: [{ text: 'one' }, { uri: 'notes://parts#2', mimeType: 'application/json', text: '{}' }, { blob: 'AAAA' }],
        },
        { uri: 'notes://broken', name: 'broken', fault: { kind: 'jsonrpc-error', code: -32603, message: 'storage unavailable' } },
      ],
    });
    expect((await client.readResource({ uri: 'notes://parts' })).contents).toEqual([
      { uri: 'notes://parts', mimeType: 'text/plain', text: 'one' },
      { uri: 'notes://parts#2', mimeType: 'application/json', text: '{}' },
      { uri: 'notes://parts', mimeType: 'text/plain', blob: 'AAAA' },
    ]);
    await expect(client.readResource({ uri: 'notes://broken' })).rejects.toThrow(/storage unavailable/);
    expect((await client.listResources()).resources).toEqual([
      { uri: 'notes://parts', name: 'parts', mimeType: 'text/plain' },
      { uri: 'notes://broken', name: 'broken' },
    ]);
  });

  it('lists prompts and fills their arguments on get', async () => {
    const { client } = await startAndConnect(behaviour);
    expect((await client.listPrompts()).prompts).toEqual([{ name: 'greet', arguments: [{ name: 'who', required: true }] }]);
    const prompt = await client.getPrompt({ name: 'greet', arguments: { who: 'Ada' } });
    expect(prompt.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Say hi to Ada.' } }]);
  });
});
