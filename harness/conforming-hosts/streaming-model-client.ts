// A model client as many hosts have one: the response streamed (server-sent events) and the
// host's own system text sent as a developer message at the head of the input instead of
// `instructions`. Nothing a server wrote goes into that message (EXPOSE-6, INJECT-1); never
// retried (UNKNOWN-1 at the provider); the key goes only to the provider (CRED-2).
import OpenAI from 'openai';
import { outputItems, type ModelClient, type ModelSettings } from '../../reference-host/chat/model-client.js';

export function createStreamingModelClient(settings: ModelSettings, systemText: string): ModelClient {
  const client = new OpenAI({ apiKey: settings.apiKey, baseURL: settings.baseURL, maxRetries: 0 });
  return {
    async respond({ input, tools, signal }) {
      const stream = await client.responses.create(
        {
          model: settings.model,
          input: [{ type: 'message', role: 'developer', content: systemText }, ...input.map((item) => ({ ...item }))],
          tools: tools.map((tool) => ({ ...tool })),
          stream: true,
          store: false,
        },
        { signal },
      );
      for await (const event of stream) {
        if (event.type === 'response.completed') return outputItems(event.response.output);
        if (event.type === 'response.failed' || event.type === 'error') throw new Error(`the model stream failed (${event.type})`);
      }
      throw new Error('the model stream ended without a completed response');
    },
  };
}
