// Fidelity: the official openai client talks to the mock over real loopback HTTP.
import OpenAI, { AuthenticationError, BadRequestError } from 'openai';
import type { FunctionTool, NamespaceTool, ResponseFunctionToolCall, ResponseStreamEvent } from 'openai/resources/responses/responses';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockModel, type MockModel } from './mock-model.js';
import type { ModelStep } from './script.js';

const running: MockModel[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((m) => m.close()));
});

async function start(script: ModelStep[], apiKey?: string): Promise<{ mock: MockModel; client: OpenAI }> {
  const mock = await startMockModel({ script, ...(apiKey === undefined ? {} : { apiKey }) });
  running.push(mock);
  return { mock, client: new OpenAI({ baseURL: mock.baseUrl, apiKey: apiKey ?? 'sk-test', maxRetries: 0 }) };
}

const fn = (name: string, description = 'd'): FunctionTool => ({
  type: 'function',
  name,
  description,
  parameters: { type: 'object', properties: { q: { type: 'string' } } },
  strict: false,
});

describe('mock Responses API', () => {
  it('answers a non-streaming create with a complete Response object', async () => {
    const { client } = await start([{ message: 'Hello there, friend.' }]);
    const response = await client.responses.create({ model: 'gpt-test', input: 'hi', instructions: 'be brief' });
    expect(response).toMatchObject({ object: 'response', status: 'completed', model: 'gpt-test', instructions: 'be brief' });
    expect(response.id).toMatch(/^resp_/);
    expect(response.output_text).toBe('Hello there, friend.');
    expect(response.output[0]).toMatchObject({ type: 'message', role: 'assistant', status: 'completed' });
    expect(response.usage?.total_tokens).toBeGreaterThan(0);
  });

  it('streams the real event sequence with increasing sequence numbers', async () => {
    const { client } = await start([{ message: 'one two three' }]);
    const stream = await client.responses.create({ model: 'gpt-test', input: 'hi', stream: true });
    const events: ResponseStreamEvent[] = [];
    for await (const event of stream) events.push(event);
    expect(events.map((e) => e.type)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
    const completed = events.at(-1);
    expect(completed?.type === 'response.completed' && completed.response.usage?.output_tokens).toBeGreaterThan(0);
  });

  it('streams function calls that the responses.stream helper accumulates', async () => {
    const { client } = await start([
      {
        calls: [
          { server: 'docs', tool: 'search', arguments: { q: 'mcp' } },
          { server: 'docs', tool: 'fetch', arguments: { q: 'x' } },
        ],
      },
    ]);
    const stream = client.responses.stream({ model: 'gpt-test', input: 'hi', tools: [fn('mcp_docs_search'), fn('mcp_docs_fetch')] });
    const final = await stream.finalResponse();
    const calls = final.output.flatMap((o) => (o.type === 'function_call' ? [o] : []));
    expect(calls.map((c) => [c.name, JSON.parse(c.arguments)])).toEqual([
      ['mcp_docs_search', { q: 'mcp' }],
      ['mcp_docs_fetch', { q: 'x' }],
    ]);
    expect(new Set(calls.map((c) => c.call_id)).size).toBe(2);
    expect(calls.every((c) => c.status === 'completed' && c.id?.startsWith('fc_'))).toBe(true);
  });

  it.each([
    ['mcp_<s>_<t>', 'search', [fn('mcp_docs_search')], 'mcp_docs_search'],
    ['mcp__<s>__<t>', 'search', [fn('mcp__docs__search')], 'mcp__docs__search'],
    ['a hash-suffixed name', 'search.v2', [fn('mcp_docs_search_v2_0a1b2c3d'), fn('mcp_docs_search')], 'mcp_docs_search_v2_0a1b2c3d'],
    ['the origin label only', 'search.v2', [fn('tool_17', '[MCP server docs, tool search.v2] Searches.')], 'tool_17'],
  ] as const)('resolves a call target offered as %s', async (_style, tool, tools, name) => {
    const { client, mock } = await start([{ calls: [{ server: 'docs', tool, arguments: {} }] }]);
    const response = await client.responses.create({ model: 'm', input: 'hi', tools: [...tools] });
    expect(response.output[0]).toMatchObject({ type: 'function_call', name, arguments: '{}' });
    expect(mock.journal.unresolved()).toEqual([]);
  });

  it('answers a Codex-style namespace tool with the namespace and the raw name', async () => {
    const { client, mock } = await start([{ calls: [{ server: 'docs', tool: 'search', arguments: { q: 'a' } }] }]);
    const namespace: NamespaceTool = {
      type: 'namespace',
      name: 'mcp__docs',
      description: 'docs server',
      tools: [{ type: 'function', name: 'search', parameters: {} }],
    };
    const stream = await client.responses.create({ model: 'm', input: 'hi', tools: [namespace], stream: true });
    const done: ResponseStreamEvent[] = [];
    for await (const event of stream) if (event.type === 'response.output_item.done') done.push(event);
    expect(done[0]).toMatchObject({ item: { type: 'function_call', namespace: 'mcp__docs', name: 'search', arguments: '{"q":"a"}' } });
    expect(mock.journal.requests()[0]?.tools).toEqual([
      { type: 'function', name: 'search', namespace: 'mcp__docs', description: null, parameters: {}, strict: null },
    ]);
  });

  it('records an unresolvable target and answers with a message instead of failing', async () => {
    const { client, mock } = await start([{ calls: [{ server: 'docs', tool: 'delete', arguments: {} }] }]);
    const response = await client.responses.create({ model: 'm', input: 'hi', tools: [fn('mcp_docs_search')] });
    expect(response.output_text).toContain('Cannot call docs/delete');
    expect(mock.journal.unresolved()).toEqual([{ requestIndex: 0, target: 'docs/delete', reason: expect.stringContaining('offered: mcp_docs_search') }]);
  });

  it('calls a built-in tool by its exact name', async () => {
    const { client } = await start([{ builtin: 'read_file', arguments: { path: 'a.txt' } }]);
    const response = await client.responses.create({ model: 'm', input: 'hi', tools: [fn('read_file'), fn('mcp_fs_read_file')] });
    expect(response.output[0]).toMatchObject({ type: 'function_call', name: 'read_file', arguments: '{"path":"a.txt"}' });
  });

  it('gives a function step the parsed request, including call outputs, and then says the script finished', async () => {
    const { client, mock } = await start([
      { calls: [{ server: 'docs', tool: 'search', arguments: {} }] },
      (request) => ({ message: `saw ${request.functionCallOutputs.map((o) => o.parsed?.status).join(',')}` }),
    ]);
    const first = await client.responses.create({ model: 'm', input: 'hi', tools: [fn('mcp_docs_search')] });
    const call = first.output[0] as ResponseFunctionToolCall;
    const second = await client.responses.create({
      model: 'm',
      input: [call, { type: 'function_call_output', call_id: call.call_id, output: JSON.stringify({ status: 'denied', output: 'no' }) }],
      tools: [fn('mcp_docs_search')],
    });
    expect(second.output_text).toBe('saw denied');
    const third = await client.responses.create({ model: 'm', input: 'again' });
    expect(third.output_text).toBe('(script finished)');
    const records = await mock.journal.waitForRequests(3, 1000);
    expect(records[1]?.functionCallOutputs).toEqual([
      { call_id: call.call_id, output: '{"status":"denied","output":"no"}', parsed: { status: 'denied', output: 'no' } },
    ]);
    expect(records[1]?.authorization).toBe('Bearer sk-test');
  });

  it('journals malformed requests with what was wrong and answers 400 like the API', async () => {
    const { client, mock } = await start([{ message: 'unused' }]);
    const bad = await fetch(`${mock.baseUrl}/responses`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"model": ' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { type: 'invalid_request_error', code: 'invalid_json' } });
    const missing = client.responses.create({ input: 'hi', tools: [{ type: 'function' }] } as never);
    await expect(missing).rejects.toBeInstanceOf(BadRequestError);
    const [unparsable, incomplete] = mock.journal.requests();
    expect(unparsable).toMatchObject({ rawBody: '{"model": ', error: expect.stringContaining('could not parse the JSON') });
    expect(incomplete?.error).toMatch(/model: Missing required parameter.*tools\[0\]\.name/);
    // Rejected requests do not use up a step.
    expect((await client.responses.create({ model: 'm', input: 'hi' })).output_text).toBe('unused');
  });

  it('refuses a wrong key with 401 and journals the Authorization it got', async () => {
    const { mock } = await start([{ message: 'x' }], 'sk-right');
    const wrong = new OpenAI({ baseURL: mock.baseUrl, apiKey: 'sk-wrong', maxRetries: 0 });
    await expect(wrong.responses.create({ model: 'm', input: 'hi' })).rejects.toBeInstanceOf(AuthenticationError);
    expect(mock.journal.requests()[0]).toMatchObject({
      authorization: 'Bearer sk-wrong',
      error: 'Incorrect API key provided.',
      body: { model: 'm', input: 'hi' },
    });
  });

  it('journals requests to other endpoints as errors', async () => {
    const { client, mock } = await start([]);
    await expect(client.embeddings.create({ model: 'm', input: 'x' })).rejects.toThrow(/Invalid URL/);
    expect(mock.journal.requests()[0]).toMatchObject({ path: '/v1/embeddings', error: 'Invalid URL (POST /v1/embeddings)' });
  });

  it('writes SSE frames whose event line names the type in the data', async () => {
    const { mock } = await start([{ message: 'hi', calls: [{ builtin: 'read_file', arguments: '{"path":' }] }]);
    const body = JSON.stringify({ model: 'm', input: 'x', stream: true, tools: [fn('read_file')] });
    const res = await fetch(`${mock.baseUrl}/responses`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const frames = (await res.text()).split('\n\n').filter(Boolean);
    for (const frame of frames) {
      const [eventLine = '', dataLine = ''] = frame.split('\n');
      expect(eventLine.replace('event: ', '')).toBe((JSON.parse(dataLine.replace('data: ', '')) as { type: string }).type);
    }
    // Raw string arguments are passed through untouched, even when they are not JSON.
    expect(frames.some((f) => f.includes('"arguments":"{\\"path\\":"'))).toBe(true);
  });

  it('streams a message and a call in one response at their own output indexes', async () => {
    const { client } = await start([{ message: 'Let me look.', calls: [{ server: 'docs', tool: 'search', arguments: { q: 'a' } }] }]);
    const final = await client.responses.stream({ model: 'm', input: 'hi', tools: [fn('mcp_docs_search')] }).finalResponse();
    expect(final.output.map((o) => o.type)).toEqual(['message', 'function_call']);
    expect(final.output_text).toBe('Let me look.');
  });

  it('answers 500 and journals the error when a script function throws', async () => {
    const { client, mock } = await start([
      () => {
        throw new Error('boom');
      },
    ]);
    await expect(client.responses.create({ model: 'm', input: 'hi' })).rejects.toThrow(/script step failed: boom/);
    expect(mock.journal.requests()[0]?.error).toBe('script step failed: boom');
  });

  it('numbers concurrent requests by their position in the journal', async () => {
    const { client, mock } = await start([]);
    await Promise.all(Array.from({ length: 5 }, () => client.responses.create({ model: 'm', input: 'hi' })));
    expect(mock.journal.requests().map((r) => r.index)).toEqual([0, 1, 2, 3, 4]);
  });

  it('rejects waitForRequests at its deadline naming how many arrived', async () => {
    const { mock } = await start([]);
    await expect(mock.journal.waitForRequests(1, 20)).rejects.toThrow('expected 1 request(s) within 20 ms, got 0');
  });
});
