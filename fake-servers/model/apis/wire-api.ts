// What one model API (Responses, Chat Completions, Anthropic Messages, Gemini) gives the shared
// handlers: its routes, where its credential rides (CRED-2), its own error shapes, how its body
// becomes the normalised journal record (EXPOSE-*, RESULT-*), and how a scripted turn is written
// back in its wire format. One scenario script drives all of them.
import { HttpResponse } from 'msw';
import type { BodyParse, ModelApi, ModelCredential, ParsedModelRequest, RequestProblem, RequestSummary } from '../request.js';
import type { ModelTurn } from '../script.js';

/** A conversation turn consumes a script step; a count endpoint never does. */
export type RouteKind = 'turn' | 'count';

export interface WireRoute {
  kind: RouteKind;
  /** An msw path pattern, or a RegExp on the whole URL where the path holds colons (Gemini). */
  path: string | RegExp;
}

/** What a request shows to the side-call rules (side-calls.ts). */
export interface SideSignals {
  /** JSON mode was asked for; the schema when one was given. */
  json?: { schema: unknown };
  maxTokens?: number;
  /** A tool the request forces the model to call: the JSON-by-tool idiom. */
  forcedTool?: { name: string; schema: unknown };
}

export interface IncomingRequest {
  url: URL;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  text: string;
}

/** Unique ids for responses, items and calls: `<prefix>_mock<serial>`. */
export interface AnswerIds {
  next(prefix: string): string;
}

export type ParsedWire = BodyParse<{ summary: RequestSummary; signals: SideSignals }>;

export interface WireApi {
  api: ModelApi;
  routes: WireRoute[];
  credential(request: IncomingRequest): ModelCredential | null;
  /** How the API refuses a missing or wrong credential (answered through `error`). */
  refusal(credential: ModelCredential | null): { status: number; problem: RequestProblem };
  /** The API's own error body for a status. */
  error(status: number, problem: RequestProblem): Response;
  parse(request: IncomingRequest): ParsedWire;
  /** The turn in this API's wire format, streamed when the request asked for it. */
  answer(turn: ModelTurn, request: ParsedModelRequest, ids: AnswerIds, rawBody: string): Response;
  /** The answer of a count endpoint; absent where the API has none. */
  count?(request: ParsedModelRequest, rawBody: string): Response;
}

/** Maps a body parse to the wire parse, keeping the problem as it is. */
export function summarised<T>(parsed: BodyParse<T>, summarise: (body: T) => { summary: RequestSummary; signals: SideSignals }): ParsedWire {
  return parsed.ok ? { ok: true, json: parsed.json, body: summarise(parsed.body) } : parsed;
}

/** `Authorization: Bearer <key>` as a credential. */
export function bearer(headers: Record<string, string>): ModelCredential | null {
  const value = headers['authorization'];
  return value === undefined ? null : { carrier: 'authorization', value: value.replace(/^Bearer\s+/i, '') };
}

/** A key in a header of its own. */
export function keyHeader(headers: Record<string, string>, carrier: 'x-api-key' | 'x-goog-api-key'): ModelCredential | null {
  const value = headers[carrier];
  return value === undefined ? null : { carrier, value };
}

/** An SSE body written as it is produced, frames already formatted. */
export function sseResponse(frames: readonly string[], headers: Record<string, string> = {}): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const frame of frames) controller.enqueue(encoder.encode(frame));
      controller.close();
    },
  });
  return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', ...headers } });
}

/** Scripted arguments as an object, for the APIs whose calls carry objects (non-objects become {}). */
export function argumentsObject(args: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(args);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The text of a string or of text parts (`{type: 'text', text}` or `{text}`), joined. */
export function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((p) => (p !== null && typeof p === 'object' && 'text' in p && typeof p.text === 'string' ? p.text : '')).join('');
}
