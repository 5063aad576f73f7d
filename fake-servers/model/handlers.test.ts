// The same handlers work in-process through msw's setupServer, with no port at all.
import OpenAI from 'openai';
import { setupServer } from 'msw/node';
import { afterEach, describe, expect, it } from 'vitest';
import { createModelHandlers } from './handlers.js';

let server: ReturnType<typeof setupServer> | undefined;
afterEach(() => {
  server?.close();
  server = undefined;
});

describe('createModelHandlers', () => {
  it('serves the scripted model in-process through setupServer', async () => {
    const { handlers, journal } = createModelHandlers({ script: [{ message: 'in process' }] });
    server = setupServer(...handlers);
    server.listen({ onUnhandledRequest: 'error' });
    const client = new OpenAI({ baseURL: 'http://model.invalid/v1', apiKey: 'sk-local', maxRetries: 0 });
    const final = await client.responses.stream({ model: 'm', input: 'hi' }).finalResponse();
    expect(final.output_text).toBe('in process');
    expect(journal.requests()).toMatchObject([{ index: 0, path: '/v1/responses', stream: true, authorization: 'Bearer sk-local' }]);
  });
});
