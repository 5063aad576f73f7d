// Anthropic Messages (POST /v1/messages, /v1/messages/count_tokens), as Claude Code speaks it:
// the key in x-api-key or a Bearer token (CRED-2), `system` as the instructions (EXPOSE-6),
// tool_result blocks with is_error as the tool results (RESULT-*); answers as a Message or as
// its SSE events (message_start, content blocks with text/input_json deltas, message_delta).
import { HttpResponse } from 'msw';
import { z } from 'zod';
import { parseBodyWith, type ModelCredential, type RequestProblem, type RequestSummary } from '../request.js';
import { chunks, estimateTokens } from '../response-builder.js';
import { Conversation, offeredFunction, otherTool } from './normalise.js';
import { argumentsObject, bearer, keyHeader, sseResponse, summarised, textOf, type SideSignals, type WireApi } from './wire-api.js';

const required = { error: 'Field required' };

const BlockSchema = z
  .looseObject({
    type: z.string(required),
    id: z.string().optional(),
    name: z.string().optional(),
    input: z.unknown().optional(),
    tool_use_id: z.string().optional(),
    content: z.unknown().optional(),
    is_error: z.boolean().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.type === 'tool_result' && b.tool_use_id === undefined) ctx.addIssue({ code: 'custom', path: ['tool_use_id'], message: 'Field required' });
    if (b.type === 'tool_use' && (b.id === undefined || b.name === undefined)) ctx.addIssue({ code: 'custom', path: ['id'], message: 'Field required' });
  });

const ToolSchema = z.looseObject({
  type: z.string().nullish(),
  name: z.string(required),
  description: z.string().optional(),
  input_schema: z.unknown().optional(),
  strict: z.boolean().optional(),
});
const FormatSchema = z.looseObject({ type: z.string(), schema: z.unknown().optional() });

const CountSchema = z.looseObject({
  model: z.string(required),
  messages: z.array(z.looseObject({ role: z.string(required), content: z.union([z.string(), z.array(BlockSchema)]) }), required),
  system: z.union([z.string(), z.array(z.looseObject({ type: z.string(), text: z.string().optional() }))]).optional(),
  tools: z.array(ToolSchema).optional(),
  tool_choice: z.looseObject({ type: z.string(), name: z.string().optional() }).optional(),
  output_format: FormatSchema.nullish(),
  output_config: z.looseObject({ format: FormatSchema.nullish() }).nullish(),
});
const MessagesSchema = CountSchema.extend({ max_tokens: z.number(required), stream: z.boolean().optional() });
type MessagesRequest = z.infer<typeof CountSchema> & { max_tokens?: number; stream?: boolean };
type Block = z.infer<typeof BlockSchema>;

function record(conversation: Conversation, role: string, blocks: Block[]): void {
  for (const b of blocks) if (b.type === 'tool_result') conversation.output(b.tool_use_id ?? '', b.content, b.is_error ?? false);
  const rest = blocks.filter((b) => b.type !== 'tool_result' && b.type !== 'tool_use');
  if (rest.length > 0) conversation.message(role, rest.every((b) => b.type === 'text') ? textOf(rest) : rest);
  for (const b of blocks) if (b.type === 'tool_use') conversation.call(b.id ?? '', b.name ?? '', JSON.stringify(b.input ?? {}));
}

function summarise(body: MessagesRequest): { summary: RequestSummary; signals: SideSignals } {
  const conversation = new Conversation();
  if (body.system !== undefined) conversation.system(textOf(body.system));
  for (const m of body.messages) {
    if (typeof m.content === 'string') conversation.message(m.role, m.content);
    else record(conversation, m.role, m.content);
  }
  const tools = (body.tools ?? []).map((t) =>
    t.type === undefined || t.type === null || t.type === 'custom'
      ? offeredFunction(t.name, t.description, t.input_schema, t.strict)
      : otherTool(t.type, t.name),
  );
  const format = body.output_format ?? body.output_config?.format;
  const forced = body.tool_choice?.type === 'tool' ? body.tools?.find((t) => t.name === body.tool_choice?.name) : undefined;
  const signals: SideSignals = {
    ...(format?.type === 'json_schema' ? { json: { schema: format.schema } } : {}),
    ...(forced === undefined ? {} : { forcedTool: { name: forced.name, schema: forced.input_schema } }),
    ...(body.max_tokens === undefined ? {} : { maxTokens: body.max_tokens }),
  };
  return { summary: conversation.summary(body.model, body.stream === true, tools), signals };
}

const ERROR_TYPES: Record<number, string> = { 400: 'invalid_request_error', 401: 'authentication_error', 403: 'permission_error', 404: 'not_found_error' };

function anthropicError(status: number, problem: RequestProblem): Response {
  const type = ERROR_TYPES[status] ?? 'api_error';
  return HttpResponse.json({ type: 'error', error: { type, message: problem.message } }, { status });
}

type StreamEvent = { type: string } & Record<string, unknown>;
const frame = (event: StreamEvent): string => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

export const anthropicApi: WireApi = {
  api: 'anthropic',
  routes: [
    { kind: 'turn', path: '*/v1/messages' },
    { kind: 'count', path: '*/v1/messages/count_tokens' },
  ],
  credential: ({ headers }) => keyHeader(headers, 'x-api-key') ?? bearer(headers),
  refusal: (credential: ModelCredential | null) => ({
    status: 401,
    problem: { message: credential === null ? 'x-api-key header is required' : 'invalid x-api-key', param: null, code: 'authentication_error' },
  }),
  error: anthropicError,
  parse: ({ url, text }) => summarised(parseBodyWith<MessagesRequest>(url.pathname.endsWith('/count_tokens') ? CountSchema : MessagesSchema, text), summarise),
  count: (_request, rawBody) => HttpResponse.json({ input_tokens: estimateTokens(rawBody) }),
  answer(turn, request, ids, rawBody) {
    const text = turn.message === undefined ? [] : [{ type: 'text' as const, text: turn.message }];
    const uses = turn.calls.map((c) => ({
      type: 'tool_use' as const,
      id: ids.next('toolu'),
      name: c.name,
      input: argumentsObject(c.arguments),
      raw: c.arguments,
    }));
    const stop_reason = uses.length > 0 ? 'tool_use' : 'end_turn';
    const usage = {
      input_tokens: estimateTokens(rawBody),
      output_tokens: estimateTokens((turn.message ?? '') + turn.calls.map((c) => c.arguments).join('')),
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    };
    const message = { id: ids.next('msg'), type: 'message', role: 'assistant', model: request.model ?? '', stop_sequence: null };
    const content = [...text, ...uses.map(({ raw: _raw, ...block }) => block)];
    if (!request.stream) return HttpResponse.json({ ...message, content, stop_reason, usage });
    const events: StreamEvent[] = [
      { type: 'message_start', message: { ...message, content: [], stop_reason: null, usage: { ...usage, output_tokens: 1 } } },
      { type: 'ping' },
    ];
    text.forEach((block, index) => {
      events.push({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
      for (const piece of chunks(block.text)) events.push({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: piece } });
      events.push({ type: 'content_block_stop', index });
    });
    uses.forEach((use, i) => {
      const index = text.length + i;
      events.push({ type: 'content_block_start', index, content_block: { type: 'tool_use', id: use.id, name: use.name, input: {} } });
      // The scripted arguments go out as written, even when they are not JSON.
      for (const piece of chunks(use.raw)) events.push({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: piece } });
      events.push({ type: 'content_block_stop', index });
    });
    events.push(
      { type: 'message_delta', delta: { stop_reason, stop_sequence: null }, usage: { output_tokens: usage.output_tokens } },
      { type: 'message_stop' },
    );
    return sseResponse(events.map(frame), { 'request-id': `req_mock${request.index}` });
  },
};
