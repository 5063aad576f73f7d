// Builds the Responses API answer for one model turn: the full Response object and the SSE
// event sequence the official client and Codex parse. Shapes follow the openai package's
// types so a host cannot tell the mock from the real API.
import type {
  Response,
  ResponseFunctionToolCall,
  ResponseOutputItem,
  ResponseOutputMessage,
  ResponseOutputText,
  ResponseStreamEvent,
} from 'openai/resources/responses/responses';
import type { ParsedModelRequest } from './request.js';
import type { ModelTurn } from './script.js';

/** The wire object; output_text is computed by the SDK, never sent by the API. */
export type WireResponse = Omit<Response, 'output_text'>;
/** Stream events with the wire response inside. */
export type WireStreamEvent = ResponseStreamEvent;

export interface TurnIds {
  response: string;
  /** Unique suffix source for item and call ids. */
  next(prefix: string): string;
}

/** A rough token count, the same for every API (usage fields, count endpoints). */
export const estimateTokens = (text: string): number => Math.max(1, Math.ceil(text.length / 4));

function outputItems(turn: ModelTurn, ids: TurnIds): ResponseOutputItem[] {
  const items: ResponseOutputItem[] = [];
  if (turn.message !== undefined) {
    const part: ResponseOutputText = { type: 'output_text', annotations: [], logprobs: [], text: turn.message };
    const message: ResponseOutputMessage = { id: ids.next('msg'), type: 'message', status: 'completed', role: 'assistant', content: [part] };
    items.push(message);
  }
  for (const call of turn.calls) {
    const item: ResponseFunctionToolCall = {
      id: ids.next('fc'),
      type: 'function_call',
      status: 'completed',
      arguments: call.arguments,
      call_id: ids.next('call'),
      name: call.name,
      ...(call.namespace === undefined ? {} : { namespace: call.namespace }),
    };
    items.push(item);
  }
  return items;
}

function wireResponse(request: ParsedModelRequest, ids: TurnIds, createdAt: number, output: ResponseOutputItem[], rawBody: string): WireResponse {
  const outputText = output
    .map((i) =>
      i.type === 'message' ? i.content.map((c) => (c.type === 'output_text' ? c.text : '')).join('') : i.type === 'function_call' ? i.arguments : '',
    )
    .join('');
  const inputTokens = estimateTokens(rawBody);
  const outputTokens = estimateTokens(outputText);
  const body = (request.body ?? {}) as Record<string, unknown>;
  return {
    id: ids.response,
    object: 'response',
    created_at: createdAt,
    status: 'completed',
    background: false,
    completed_at: createdAt,
    error: null,
    incomplete_details: null,
    instructions: request.instructions,
    max_output_tokens: null,
    model: request.model ?? '',
    output,
    parallel_tool_calls: body['parallel_tool_calls'] !== false,
    previous_response_id: typeof body['previous_response_id'] === 'string' ? body['previous_response_id'] : null,
    reasoning: { effort: null, summary: null },
    service_tier: 'default',
    temperature: 1,
    text: { format: { type: 'text' } },
    tool_choice: 'auto',
    tools: (Array.isArray(body['tools']) ? body['tools'] : []) as Response['tools'],
    top_p: 1,
    truncation: 'disabled',
    usage: {
      input_tokens: inputTokens,
      input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 },
      output_tokens: outputTokens,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: inputTokens + outputTokens,
    },
    metadata: {},
  };
}

/** Splits text into a few deltas so clients really accumulate. */
export function chunks(text: string): string[] {
  const pieces = text.match(/\S+\s*|\s+/g) ?? [];
  return pieces.length > 0 ? pieces : [''];
}

type EventBody = { [K in WireStreamEvent as K['type']]: Omit<K, 'sequence_number'> }[WireStreamEvent['type']];

function streamEvents(final: WireResponse): WireStreamEvent[] {
  const events: EventBody[] = [];
  const inProgress = { ...final, status: 'in_progress' as const, output: [], usage: null, completed_at: null } as unknown as Response;
  events.push({ type: 'response.created', response: inProgress }, { type: 'response.in_progress', response: inProgress });
  final.output.forEach((item, output_index) => {
    if (item.type === 'message') {
      events.push({ type: 'response.output_item.added', output_index, item: { ...item, status: 'in_progress', content: [] } });
      item.content.forEach((part, content_index) => {
        if (part.type !== 'output_text') return;
        const common = { item_id: item.id, output_index, content_index };
        events.push({ type: 'response.content_part.added', ...common, part: { ...part, text: '' } });
        for (const delta of chunks(part.text)) events.push({ type: 'response.output_text.delta', ...common, delta, logprobs: [] });
        events.push({ type: 'response.output_text.done', ...common, text: part.text, logprobs: [] });
        events.push({ type: 'response.content_part.done', ...common, part });
      });
    } else if (item.type === 'function_call') {
      const item_id = item.id ?? '';
      events.push({ type: 'response.output_item.added', output_index, item: { ...item, status: 'in_progress', arguments: '' } });
      for (const delta of chunks(item.arguments)) events.push({ type: 'response.function_call_arguments.delta', item_id, output_index, delta });
      events.push({ type: 'response.function_call_arguments.done', item_id, output_index, name: item.name, arguments: item.arguments });
    }
    events.push({ type: 'response.output_item.done', output_index, item });
  });
  events.push({ type: 'response.completed', response: final as Response });
  return events.map((event, sequence_number) => ({ ...event, sequence_number }) as WireStreamEvent);
}

export interface BuiltAnswer {
  response: WireResponse;
  events: WireStreamEvent[];
}

/** The answer to one accepted request, as an object and as stream events. */
export function buildAnswer(turn: ModelTurn, request: ParsedModelRequest, ids: TurnIds, rawBody: string): BuiltAnswer {
  const createdAt = Math.floor(Date.now() / 1000);
  const response = wireResponse(request, ids, createdAt, outputItems(turn, ids), rawBody);
  return { response, events: streamEvents(response) };
}

/** One SSE frame the way the API writes it: event name line, JSON data line, blank line. */
export function sseFrame(event: WireStreamEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}
