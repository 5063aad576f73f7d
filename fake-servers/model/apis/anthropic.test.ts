// Fidelity: the official @anthropic-ai/sdk client drives the mock's Messages API over loopback HTTP.
import Anthropic, { AuthenticationError } from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { mockModels, SEARCH_CALL, SEARCH_SCHEMA } from '../test-fixtures/mock-models.js';

const start = mockModels();
// The SDK sends apiKey as a Bearer token; hosts such as Claude Code send x-api-key, as here.
const client = (baseURL: string, key = 'sk-ant-test'): Anthropic =>
  new Anthropic({ baseURL, maxRetries: 0, apiKey: null, defaultHeaders: { 'x-api-key': key } });
const search = { name: 'mcp__docs__search', description: 'Searches the docs.', input_schema: SEARCH_SCHEMA } as const;
const hi = [{ role: 'user' as const, content: 'hi' }];

describe('mock Anthropic Messages', () => {
  it('answers a non-streaming create and journals the system blocks as the instructions', async () => {
    const mock = await start({ script: [{ message: 'Hello there.' }] });
    const message = await client(mock.origin).messages.create({
      model: 'claude-test',
      max_tokens: 100,
      system: [{ type: 'text', text: 'be brief' }],
      messages: hi,
    });
    expect(message).toMatchObject({ type: 'message', role: 'assistant', stop_reason: 'end_turn', content: [{ type: 'text', text: 'Hello there.' }] });
    expect(message.usage.input_tokens).toBeGreaterThan(0);
    expect(mock.journal.requests()[0]).toMatchObject({
      api: 'anthropic',
      instructions: 'be brief',
      input: [{ role: 'user', content: 'hi' }],
      credential: { carrier: 'x-api-key', value: 'sk-ant-test' },
    });
  });

  it('streams a tool_use the stream helper accumulates, and journals the tool_result sent back with its is_error', async () => {
    const mock = await start({ script: [{ ...SEARCH_CALL, message: 'Looking.' }, (r) => ({ message: `error=${r.functionCallOutputs[0]?.isError}` })] });
    const anthropic = client(mock.origin);
    const first = await anthropic.messages.stream({ model: 'm', max_tokens: 100, messages: hi, tools: [search] }).finalMessage();
    expect(first.stop_reason).toBe('tool_use');
    const use = first.content.find((b) => b.type === 'tool_use');
    expect(first.content[0]).toMatchObject({ type: 'text', text: 'Looking.' });
    expect(use).toMatchObject({ name: 'mcp__docs__search', input: { q: 'mcp' } });
    const denied = [{ type: 'text' as const, text: 'the user denied this call' }];
    const messages = [
      ...hi,
      { role: 'assistant' as const, content: first.content },
      { role: 'user' as const, content: [{ type: 'tool_result' as const, tool_use_id: use?.id ?? '', content: denied, is_error: true }] },
    ];
    const second = await anthropic.messages.stream({ model: 'm', max_tokens: 100, messages, tools: [search] }).finalMessage();
    expect(second.content).toMatchObject([{ type: 'text', text: 'error=true' }]);
    const record = mock.journal.requests()[1];
    expect(record?.functionCallOutputs).toEqual([{ call_id: use?.id, output: denied, isError: true }]);
    expect(record?.input).toContainEqual({ type: 'function_call', call_id: use?.id, name: 'mcp__docs__search', arguments: '{"q":"mcp"}' });
    expect(record?.tools).toEqual([
      { type: 'function', name: 'mcp__docs__search', description: 'Searches the docs.', parameters: SEARCH_SCHEMA, strict: null },
    ]);
  });

  it('refuses a wrong x-api-key with an authentication_error and accepts the right key as a Bearer token', async () => {
    const mock = await start({ script: [{ message: 'x' }], apiKey: 'sk-right' });
    await expect(client(mock.origin, 'sk-wrong').messages.create({ model: 'm', max_tokens: 10, messages: hi })).rejects.toBeInstanceOf(AuthenticationError);
    expect(mock.journal.requests()[0]).toMatchObject({
      authorization: 'sk-wrong',
      credential: { carrier: 'x-api-key', value: 'sk-wrong' },
      error: 'invalid x-api-key',
    });
    expect(mock.journal.requests()[0]?.headers['x-api-key']).toBe('sk-wrong');
    const right = await new Anthropic({ baseURL: mock.origin, maxRetries: 0, apiKey: 'sk-right' }).messages.create({
      model: 'm',
      max_tokens: 10,
      messages: hi,
    });
    expect(right.content).toMatchObject([{ text: 'x' }]);
    expect(mock.journal.requests()[1]).toMatchObject({ authorization: 'Bearer sk-right', credential: { carrier: 'authorization', value: 'sk-right' } });
  });

  it('counts tokens, answers a forced-tool JSON call and a one-token probe beside the script without using up a step', async () => {
    const mock = await start({ script: [{ message: 'the turn' }] });
    const anthropic = client(mock.origin);
    const count = await anthropic.messages.countTokens({ model: 'm', messages: hi, tools: [search] });
    expect(count.input_tokens).toBeGreaterThan(0);
    const route = {
      name: 'route',
      input_schema: { type: 'object' as const, properties: { next: { type: 'string', enum: ['user', 'model'] } }, required: ['next'] },
    };
    const forced = await anthropic.messages.create({ model: 'm', max_tokens: 100, messages: hi, tools: [route], tool_choice: { type: 'tool', name: 'route' } });
    expect(forced.content).toMatchObject([{ type: 'tool_use', name: 'route', input: { next: 'user' } }]);
    const probe = await anthropic.messages.create({ model: 'm', max_tokens: 1, messages: hi });
    expect(probe.content).toMatchObject([{ type: 'text' }]);
    const turn = await anthropic.messages.create({ model: 'm', max_tokens: 100, messages: hi, tools: [search] });
    expect(turn.content).toMatchObject([{ type: 'text', text: 'the turn' }]);
    expect(mock.journal.sideCalls().map((r) => r.side)).toEqual(['token count', 'forced tool route', 'max tokens 1']);
    expect(mock.journal.sideCalls()[0]).toMatchObject({ path: '/v1/messages/count_tokens', tools: [{ name: 'mcp__docs__search' }] });
    expect(mock.journal.requests()).toHaveLength(1);
  });

  it('answers a request without max_tokens 400 with an invalid_request_error', async () => {
    const mock = await start({ script: [] });
    const res = await fetch(`${mock.origin}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', messages: hi }),
    });
    expect([res.status, await res.json()]).toEqual([400, { type: 'error', error: { type: 'invalid_request_error', message: 'max_tokens: Field required' } }]);
  });
});
