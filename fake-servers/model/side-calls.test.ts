// Side calls are told by shape and answered without a script step (checks count turns only).
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { sampleOf, sideCallReason } from './side-calls.js';
import { mockModels } from './test-fixtures/mock-models.js';

const start = mockModels();

describe('side calls', () => {
  it('samples the smallest value a schema accepts: required properties, first enum values, zeros, Gemini type names', () => {
    const schema = {
      type: 'OBJECT',
      properties: {
        next: { type: 'STRING', enum: ['user', 'model'] },
        n: { type: 'integer' },
        tags: { type: 'array' },
        nested: { anyOf: [{ type: 'boolean' }] },
        skipped: { type: 'string' },
      },
      required: ['next', 'n', 'tags', 'nested'],
    };
    expect(sampleOf(schema)).toEqual({ next: 'user', n: 0, tags: [], nested: false });
    expect(sampleOf(undefined)).toEqual({});
    expect(sampleOf({ properties: { a: { const: 1 } } })).toEqual({ a: 1 });
  });

  it('decides by shape: counts, JSON mode, forced tools and one-token probes; a tool-less request only under the noTools rule', () => {
    const none = { tools: [] };
    expect(sideCallReason('count', {}, none)).toBe('token count');
    expect(sideCallReason('turn', { json: { schema: undefined } }, none)).toBe('JSON mode');
    expect(sideCallReason('turn', { forcedTool: { name: 'route', schema: {} } }, none)).toBe('forced tool route');
    expect(sideCallReason('turn', { maxTokens: 1 }, none)).toBe('max tokens 1');
    expect(sideCallReason('turn', { maxTokens: 2 }, none)).toBeNull();
    expect(sideCallReason('turn', {}, none)).toBeNull();
    expect(sideCallReason('turn', {}, none, { noTools: true })).toBe('no tools offered');
  });

  it('applies the sideCallRule to the Responses API too, and one script serves every API in order', async () => {
    const mock = await start({ script: [{ message: 'one' }, { message: 'two' }], sideCallRule: { noTools: true } });
    const openai = new OpenAI({ baseURL: mock.baseUrl, apiKey: 'k', maxRetries: 0 });
    const fn = { type: 'function' as const, name: 'f', parameters: {}, strict: false };
    expect((await openai.responses.create({ model: 'm', input: 'title?' })).output_text).toBe('Scripted session');
    expect((await openai.responses.create({ model: 'm', input: 'hi', tools: [fn] })).output_text).toBe('one');
    const chat = await openai.chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      tools: [{ type: 'function', function: { name: 'f' } }],
    });
    expect(chat.choices[0]?.message.content).toBe('two');
    expect(mock.journal.requests().map((r) => [r.index, r.api])).toEqual([
      [0, 'responses'],
      [1, 'chat'],
    ]);
    expect(mock.journal.sideCalls()).toMatchObject([{ index: 0, api: 'responses', side: 'no tools offered' }]);
  });
});
