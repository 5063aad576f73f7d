// Fidelity: the official openai client drives the mock's Chat Completions over loopback HTTP.
import OpenAI, { AuthenticationError } from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { describe, expect, it } from 'vitest';
import { SIDE_CALL_TEXT } from '../side-calls.js';
import { mockModels, SEARCH_CALL, SEARCH_SCHEMA } from '../test-fixtures/mock-models.js';

const start = mockModels();
const client = (baseURL: string, apiKey = 'sk-test'): OpenAI => new OpenAI({ baseURL, apiKey, maxRetries: 0 });
const search: ChatCompletionTool = { type: 'function', function: { name: 'docs_search', description: 'Searches the docs.', parameters: SEARCH_SCHEMA } };

describe('mock Chat Completions', () => {
  it('answers a non-streaming create and journals system text as the instructions', async () => {
    const mock = await start({ script: [{ message: 'Hello there.' }] });
    const completion = await client(mock.baseUrl).chat.completions.create({
      model: 'm',
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'developer', content: [{ type: 'text', text: 'no tables' }] },
        { role: 'user', content: 'hi' },
      ],
    });
    expect(completion.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello there.' }, finish_reason: 'stop' });
    expect(completion.usage?.total_tokens).toBeGreaterThan(0);
    expect(mock.journal.requests()[0]).toMatchObject({
      api: 'chat',
      path: '/v1/chat/completions',
      stream: false,
      instructions: 'be brief\n\nno tables',
      input: [{ role: 'user', content: 'hi' }],
    });
  });

  it('streams tool_calls the stream helper accumulates, and journals the tool message sent back as a function_call_output', async () => {
    const mock = await start({ script: [SEARCH_CALL, (r) => ({ message: `got ${r.functionCallOutputs.length}` })] });
    const openai = client(mock.baseUrl);
    const messages: ChatCompletionMessageParam[] = [{ role: 'user', content: 'search' }];
    const first = await openai.chat.completions
      .stream({ model: 'm', messages, tools: [search], stream_options: { include_usage: true } })
      .finalChatCompletion();
    const choice = first.choices[0];
    const call = choice?.message.tool_calls?.[0];
    expect(choice?.finish_reason).toBe('tool_calls');
    expect(call?.type === 'function' && [call.function.name, JSON.parse(call.function.arguments)]).toEqual(['docs_search', { q: 'mcp' }]);
    expect(first.usage?.completion_tokens).toBeGreaterThan(0);
    messages.push(choice?.message as ChatCompletionMessageParam, { role: 'tool', tool_call_id: call?.id ?? '', content: [{ type: 'text', text: 'found it' }] });
    const second = await openai.chat.completions.create({ model: 'm', messages, tools: [search], stream: true });
    let text = '';
    for await (const chunk of second) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe('got 1');
    const record = mock.journal.requests()[1];
    expect(record?.functionCallOutputs).toEqual([{ call_id: call?.id, output: [{ type: 'text', text: 'found it' }] }]);
    expect(record?.input).toContainEqual({ type: 'function_call', call_id: call?.id, name: 'docs_search', arguments: '{"q":"mcp"}' });
    expect(record?.tools).toEqual([{ type: 'function', name: 'docs_search', description: 'Searches the docs.', parameters: SEARCH_SCHEMA, strict: null }]);
  });

  it('refuses a wrong key with the 401 of the OpenAI API and journals the credential it got', async () => {
    const mock = await start({ script: [{ message: 'x' }], apiKey: 'sk-right' });
    await expect(client(mock.baseUrl, 'sk-wrong').chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] })).rejects.toBeInstanceOf(
      AuthenticationError,
    );
    expect(mock.journal.requests()[0]).toMatchObject({
      api: 'chat',
      authorization: 'Bearer sk-wrong',
      credential: { carrier: 'authorization', value: 'sk-wrong' },
      error: 'Incorrect API key provided.',
    });
    const right = await client(mock.baseUrl, 'sk-right').chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
    expect(right.choices[0]?.message.content).toBe('x');
  });

  it('answers JSON-mode and one-token requests beside the script without using up a step', async () => {
    const mock = await start({ script: [{ message: 'the turn' }] });
    const openai = client(mock.baseUrl);
    const schema = {
      type: 'object',
      properties: { next_speaker: { type: 'string', enum: ['user', 'model'] }, reasoning: { type: 'string' } },
      required: ['next_speaker'],
    };
    const routed = await openai.chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'who next?' }],
      response_format: { type: 'json_schema', json_schema: { name: 'next', schema } },
    });
    expect(JSON.parse(routed.choices[0]?.message.content ?? '')).toEqual({ next_speaker: 'user' });
    const probe = await openai.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'ping' }], max_tokens: 1 });
    expect(probe.choices[0]?.message.content).toBe(SIDE_CALL_TEXT);
    const turn = await openai.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }], tools: [search] });
    expect(turn.choices[0]?.message.content).toBe('the turn');
    expect(mock.journal.sideCalls().map((r) => [r.index, r.side])).toEqual([
      [0, 'JSON mode'],
      [1, 'max tokens 1'],
    ]);
    expect(mock.journal.requests().map((r) => r.index)).toEqual([0]);
  });

  it('takes a request without tools for a side call only when the sideCallRule says so', async () => {
    const mock = await start({ script: [{ message: 'the turn' }], sideCallRule: { noTools: true } });
    const openai = client(mock.baseUrl);
    const title = await openai.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'Title this session' }] });
    expect(title.choices[0]?.message.content).toBe(SIDE_CALL_TEXT);
    const turn = await openai.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }], tools: [search] });
    expect(turn.choices[0]?.message.content).toBe('the turn');
    expect(mock.journal.sideCalls()).toMatchObject([{ side: 'no tools offered', api: 'chat' }]);
  });

  it('answers a request with no messages 400 as the API does', async () => {
    const mock = await start({ script: [] });
    await expect(client(mock.baseUrl).chat.completions.create({ model: 'm', messages: [] })).rejects.toThrow(/messages: \[\] is too short/);
    expect(mock.journal.requests()[0]?.error).toMatch(/messages/);
  });
});
