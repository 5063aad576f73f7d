// Fidelity: the official @google/genai client drives the mock's Gemini API over loopback HTTP.
import { ApiError, GoogleGenAI, type Content, type GenerateContentResponse } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { mockModels, SEARCH_CALL, SEARCH_SCHEMA } from '../test-fixtures/mock-models.js';

const start = mockModels();
const client = (baseUrl: string, apiKey = 'gm-test'): GoogleGenAI => new GoogleGenAI({ apiKey, httpOptions: { baseUrl } });
const tools = [{ functionDeclarations: [{ name: 'mcp_docs_search', description: 'Searches the docs.', parametersJsonSchema: SEARCH_SCHEMA }] }];

async function streamed(stream: AsyncGenerator<GenerateContentResponse>): Promise<GenerateContentResponse[]> {
  const out: GenerateContentResponse[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

describe('mock Gemini API', () => {
  it('answers generateContent and journals the systemInstruction as the instructions', async () => {
    const mock = await start({ script: [{ message: 'Hello there.' }] });
    const response = await client(mock.origin).models.generateContent({ model: 'gemini-test', contents: 'hi', config: { systemInstruction: 'be brief' } });
    expect(response.text).toBe('Hello there.');
    expect(response.candidates?.[0]?.finishReason).toBe('STOP');
    expect(response.usageMetadata?.totalTokenCount).toBeGreaterThan(0);
    expect(mock.journal.requests()[0]).toMatchObject({
      api: 'gemini',
      model: 'gemini-test',
      stream: false,
      instructions: 'be brief',
      input: [{ role: 'user', content: 'hi' }],
      credential: { carrier: 'x-goog-api-key', value: 'gm-test' },
    });
  });

  it('streams a functionCall over SSE, and journals the functionResponse sent back under the id the mock issued', async () => {
    const mock = await start({ script: [SEARCH_CALL, (r) => ({ message: `error=${r.functionCallOutputs[0]?.isError}` })] });
    const ai = client(mock.origin);
    const chunks = await streamed(await ai.models.generateContentStream({ model: 'g', contents: 'search', config: { tools } }));
    const call = chunks.flatMap((c) => c.functionCalls ?? [])[0];
    expect(call).toMatchObject({ name: 'mcp_docs_search', args: { q: 'mcp' }, id: expect.stringMatching(/^call_mock/) });
    expect(mock.journal.requests()[0]).toMatchObject({
      path: expect.stringMatching(/^\/v1\w*\/models\/g:streamGenerateContent$/),
      search: '?alt=sse',
      stream: true,
    });
    const contents: Content[] = [
      { role: 'user', parts: [{ text: 'search' }] },
      { role: 'model', parts: [{ functionCall: call ?? {} }] },
      { role: 'user', parts: [{ functionResponse: { id: call?.id ?? '', name: 'mcp_docs_search', response: { error: 'denied by the user' } } }] },
    ];
    const second = await streamed(await ai.models.generateContentStream({ model: 'g', contents, config: { tools } }));
    expect(second.map((c) => c.text ?? '').join('')).toBe('error=true');
    expect(mock.journal.requests()[1]?.functionCallOutputs).toEqual([{ call_id: call?.id, output: { error: 'denied by the user' }, isError: true }]);
    expect(mock.journal.requests()[1]?.tools).toEqual([
      { type: 'function', name: 'mcp_docs_search', description: 'Searches the docs.', parameters: SEARCH_SCHEMA, strict: null },
    ]);
  });

  it('streams a JSON array of the pieces when alt=sse is not asked for', async () => {
    const mock = await start({ script: [{ message: 'one two' }] });
    const res = await fetch(`${mock.origin}/v1beta/models/g:streamGenerateContent`, {
      method: 'POST',
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
    });
    const pieces = (await res.json()) as GenerateContentResponse[];
    expect(pieces.map((p) => [p.candidates?.[0]?.content?.parts?.[0]?.text, p.candidates?.[0]?.finishReason])).toEqual([
      ['one ', undefined],
      ['two', 'STOP'],
    ]);
  });

  it('gives a functionResponse without an id the id of the call it answers, the same in every later request', async () => {
    const mock = await start({ script: [] });
    const ai = client(mock.origin);
    const history: Content[] = [
      { role: 'user', parts: [{ text: 'go' }] },
      { role: 'model', parts: [{ functionCall: { name: 'a', args: {} } }, { functionCall: { id: 'issued-1', name: 'b', args: {} } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'b', response: { output: 'B' } } }, { functionResponse: { name: 'a', response: { output: 'A' } } }] },
    ];
    await ai.models.generateContent({ model: 'g', contents: history });
    await ai.models.generateContent({
      model: 'g',
      contents: [...history, { role: 'model', parts: [{ text: 'done' }] }, { role: 'user', parts: [{ text: 'more' }] }],
    });
    const ids = mock.journal.requests().map((r) => r.functionCallOutputs.map((o) => [o.call_id, o.output, o.isError]));
    expect(ids).toEqual([
      [
        ['issued-1', { output: 'B' }, false],
        ['gemini_call_1_0', { output: 'A' }, false],
      ],
      [
        ['issued-1', { output: 'B' }, false],
        ['gemini_call_1_0', { output: 'A' }, false],
      ],
    ]);
  });

  it('refuses a wrong key as the API does (400 API_KEY_INVALID) and a missing one 403, journaling where the key rode', async () => {
    const mock = await start({ script: [{ message: 'x' }], apiKey: 'gm-right' });
    const wrong = client(mock.origin, 'gm-wrong').models.generateContent({ model: 'g', contents: 'hi' });
    await expect(wrong).rejects.toSatisfy((e) => e instanceof ApiError && e.status === 400 && e.message.includes('API_KEY_INVALID'));
    const missing = await fetch(`${mock.origin}/v1beta/models/g:generateContent`, { method: 'POST', body: JSON.stringify({ contents: [] }) });
    expect([missing.status, ((await missing.json()) as { error: { status: string } }).error.status]).toEqual([403, 'PERMISSION_DENIED']);
    const query = await fetch(`${mock.origin}/v1beta/models/g:generateContent?key=gm-right`, {
      method: 'POST',
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
    });
    expect(query.status).toBe(200);
    expect(mock.journal.requests().map((r) => r.credential)).toEqual([
      { carrier: 'x-goog-api-key', value: 'gm-wrong' },
      null,
      { carrier: '?key', value: 'gm-right' },
    ]);
    expect(mock.journal.requests()[2]?.authorization).toBe('gm-right');
  });

  it('counts tokens and answers a JSON-mode call beside the script without using up a step', async () => {
    const mock = await start({ script: [{ message: 'the turn' }] });
    const ai = client(mock.origin);
    expect((await ai.models.countTokens({ model: 'g', contents: 'hi' })).totalTokens).toBeGreaterThan(0);
    const schema = {
      type: 'object',
      properties: { next_speaker: { type: 'string', enum: ['user', 'model'] }, reasoning: { type: 'string' } },
      required: ['reasoning', 'next_speaker'],
    };
    const json = await ai.models.generateContent({
      model: 'g',
      contents: 'who next?',
      config: { responseMimeType: 'application/json', responseJsonSchema: schema },
    });
    expect(JSON.parse(json.text ?? '')).toEqual({ reasoning: '', next_speaker: 'user' });
    expect((await ai.models.generateContent({ model: 'g', contents: 'hi', config: { tools } })).text).toBe('the turn');
    expect(mock.journal.sideCalls().map((r) => [r.side, r.path.split('/').at(-1)])).toEqual([
      ['token count', 'g:countTokens'],
      ['JSON mode', 'g:generateContent'],
    ]);
    expect(mock.journal.requests()).toHaveLength(1);
  });
});
