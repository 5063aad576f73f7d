// OpenAI Chat Completions (POST /v1/chat/completions), as opencode, Qwen Code and Copilot CLI
// speak it: system/developer messages are the instructions (EXPOSE-6), `role: "tool"` messages
// the tool results (RESULT-*); answers as a ChatCompletion or as chunks ending `data: [DONE]`.
import { HttpResponse } from 'msw';
import type { ChatCompletion, ChatCompletionChunk, ChatCompletionMessageFunctionToolCall } from 'openai/resources/chat/completions';
import { z } from 'zod';
import { parseBodyWith } from '../request.js';
import { chunks, estimateTokens } from '../response-builder.js';
import { Conversation, offeredFunction, otherTool } from './normalise.js';
import { openAiError, openAiRefusal } from './responses.js';
import { bearer, sseResponse, summarised, textOf, type SideSignals, type WireApi } from './wire-api.js';

const required = { error: 'Missing required parameter' };

const ChatToolSchema = z.looseObject({
  type: z.string(required),
  function: z
    .looseObject({ name: z.string(required), description: z.string().nullish(), parameters: z.unknown().optional(), strict: z.boolean().nullish() })
    .optional(),
});

const ToolCallSchema = z.looseObject({ id: z.string(required), function: z.looseObject({ name: z.string(required), arguments: z.string(required) }) });

const MessageSchema = z
  .looseObject({
    role: z.string(required),
    content: z.unknown().optional(),
    tool_call_id: z.string().optional(),
    tool_calls: z.array(ToolCallSchema).nullish(),
  })
  .superRefine((m, ctx) => {
    if (m.role === 'tool' && m.tool_call_id === undefined) ctx.addIssue({ code: 'custom', path: ['tool_call_id'], message: 'Missing required parameter' });
  });

const ChatRequestSchema = z.looseObject({
  model: z.string(required),
  messages: z.array(MessageSchema, required).min(1, { error: '[] is too short' }),
  tools: z.array(ChatToolSchema).nullish(),
  stream: z.boolean().nullish(),
  stream_options: z.looseObject({ include_usage: z.boolean().nullish() }).nullish(),
  response_format: z.looseObject({ type: z.string(), json_schema: z.looseObject({ schema: z.unknown().optional() }).optional() }).nullish(),
  max_tokens: z.number().nullish(),
  max_completion_tokens: z.number().nullish(),
});
type ChatRequest = z.infer<typeof ChatRequestSchema>;

function summarise(body: ChatRequest): { summary: ReturnType<Conversation['summary']>; signals: SideSignals } {
  const conversation = new Conversation();
  for (const m of body.messages) {
    if (m.role === 'system' || m.role === 'developer') conversation.system(textOf(m.content));
    else if (m.role === 'tool') conversation.output(m.tool_call_id ?? '', m.content);
    else {
      if (m.content !== undefined && m.content !== null && m.content !== '') conversation.message(m.role, m.content);
      for (const call of m.tool_calls ?? []) conversation.call(call.id, call.function.name, call.function.arguments);
    }
  }
  const tools = (body.tools ?? []).map((t) =>
    t.type === 'function' && t.function
      ? offeredFunction(t.function.name, t.function.description, t.function.parameters, t.function.strict)
      : otherTool(t.type),
  );
  const format = body.response_format;
  const maxTokens = body.max_completion_tokens ?? body.max_tokens ?? undefined;
  const signals: SideSignals = {
    ...(format?.type === 'json_object' || format?.type === 'json_schema' ? { json: { schema: format.json_schema?.schema } } : {}),
    ...(maxTokens === undefined ? {} : { maxTokens }),
  };
  return { summary: conversation.summary(body.model, body.stream === true, tools), signals };
}

export const chatCompletionsApi: WireApi = {
  api: 'chat',
  routes: [{ kind: 'turn', path: '*/v1/chat/completions' }],
  credential: ({ headers }) => bearer(headers),
  refusal: openAiRefusal,
  error: openAiError,
  parse: ({ text }) => summarised(parseBodyWith(ChatRequestSchema, text), summarise),
  answer(turn, request, ids, rawBody) {
    const calls: ChatCompletionMessageFunctionToolCall[] = turn.calls.map((c) => ({
      id: ids.next('call'),
      type: 'function',
      function: { name: c.name, arguments: c.arguments },
    }));
    const finish_reason = calls.length > 0 ? 'tool_calls' : 'stop';
    const prompt_tokens = estimateTokens(rawBody);
    const completion_tokens = estimateTokens((turn.message ?? '') + turn.calls.map((c) => c.arguments).join(''));
    const usage = { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens };
    const head = { id: ids.next('chatcmpl'), created: Math.floor(Date.now() / 1000), model: request.model ?? '' };
    if (!request.stream) {
      const message = { role: 'assistant' as const, content: turn.message ?? null, refusal: null, ...(calls.length > 0 ? { tool_calls: calls } : {}) };
      const completion: ChatCompletion = { ...head, object: 'chat.completion', choices: [{ index: 0, message, finish_reason, logprobs: null }], usage };
      return HttpResponse.json(completion);
    }
    const withUsage = (request.body as ChatRequest).stream_options?.include_usage === true;
    const chunk = (delta: ChatCompletionChunk.Choice.Delta, finish: ChatCompletionChunk.Choice['finish_reason'] = null): ChatCompletionChunk => ({
      ...head,
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
      ...(withUsage ? { usage: null } : {}),
    });
    const out: ChatCompletionChunk[] = [chunk({ role: 'assistant', content: '' })];
    if (turn.message !== undefined) for (const content of chunks(turn.message)) out.push(chunk({ content }));
    calls.forEach((call, index) => {
      out.push(chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] }));
      for (const piece of chunks(call.function.arguments)) out.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
    });
    out.push(chunk({}, finish_reason));
    if (withUsage) out.push({ ...head, object: 'chat.completion.chunk', choices: [], usage });
    return sseResponse([...out.map((c) => `data: ${JSON.stringify(c)}\n\n`), 'data: [DONE]\n\n']);
  },
};
