// What a fake server does wrong at one stage (connect, initialize, each list, each call) on
// any transport: the misbehaviours real servers show and hosts mishandle (DISCOVER-2/4,
// NET-2/3, RESULT-4..6, UNKNOWN-1, STDIO-6, TRANSPORT-2, CRED-5). Where a kind cannot be
// produced on a transport the comment says so, and behaviour-fit.ts refuses the
// combination naming the field.
//
// Transports: stdio; Streamable HTTP (POST /mcp); legacy SSE (GET /sse event stream + POST
// /messages, answers travel as events on the stream). "The answer" is the JSON-RPC response
// the request would normally get.
import { z } from 'zod';
import { FILLS, MAX_STAMPED_BYTES } from './stamped-text.js';

const count = z.number().int().nonnegative();

export const FillSchema = z.enum(FILLS);

/** What 'garbage' sends when it gives no `data`. */
export const DEFAULT_GARBAGE = 'this is not JSON-RPC';

/** Waits this long before acting (ms). */
const delayMs = count.optional();
/** Streamable HTTP only: how the answer's HTTP body is framed (default: as the server's
 *  `http.jsonResponse` mode frames answers: 'json' when true, else 'sse'). */
const framing = z.enum(['json', 'sse']).optional();
/** Streamable HTTP only: true (the default once raw) = Content-Length announces the body size;
 *  false = chunked, no Content-Length. Setting it or `framing` writes the body raw, not through the SDK. */
const declared = z.boolean().optional();

function faultMembers<Extra extends z.ZodRawShape>(extra: Extra) {
  return [
    /** All transports: the request is journaled and never answered. (Streamable HTTP with SSE
     *  answers: the 200 headers are already out, as with 'headers-then-silence'.) */
    z.strictObject({ kind: z.literal('never'), delayMs, ...extra }),
    /** All transports: the normal answer, `delayMs` late. */
    z.strictObject({ kind: z.literal('delay'), delayMs: count, ...extra }),
    /** All transports (not connect): a JSON-RPC error with exactly this code, message and data. */
    z.strictObject({ kind: z.literal('jsonrpc-error'), code: z.number().int(), message: z.string(), data: z.unknown().optional(), delayMs, ...extra }),
    /** stdio: the process exits with `code` (default 1; stdio only); Streamable HTTP: the
     *  connection carrying the request is destroyed (`everyConnection`: every open connection,
     *  the GET event stream's too, while the server stays up); legacy SSE: the event stream is
     *  destroyed. At connect: stdio exits before reading stdin, HTTP destroys every connection.
     *  `afterHeaders` (Streamable HTTP, event-stream answers): the server first begins its answer
     *  (200 event-stream headers and a comment line), so the drop comes mid-answer. */
    z.strictObject({
      kind: z.literal('crash'),
      code: z.number().int().min(0).max(255).optional(),
      everyConnection: z.literal(true).optional(),
      afterHeaders: z.literal(true).optional(),
      delayMs,
      ...extra,
    }),
    /** `data` (default DEFAULT_GARBAGE) instead of the answer: stdio: one line on stdout;
     *  Streamable HTTP: the HTTP body (framing 'json': an invalid JSON body; 'sse': an event
     *  whose data is not JSON); legacy SSE: an event on the stream. `thenAnswer`: the normal
     *  answer follows (stdio and legacy SSE only: an HTTP body ends with the garbage). */
    z.strictObject({ kind: z.literal('garbage'), data: z.string().optional(), thenAnswer: z.boolean().optional(), framing, delayMs, ...extra }),
    /** The normal answer padded so the JSON-RPC message (UTF-8 bytes of its JSON text, without
     *  the transport's framing: stdio's newline, SSE's "event:/data:" lines) is exactly `bytes`.
     *  tools/call: one text block of stamped text; other stages: `result._meta.padding`.
     *  Without `declared`/`framing` the SDK sends it as the transport always does: stdio one
     *  line, legacy SSE one event, Streamable HTTP per `http.jsonResponse`.
     *  `pad: 'blank-lines'` (HTTP only, written raw): the normal answer instead, grown to `bytes`
     *  by lines of blanks after its opening brace, JSON whitespace that parses to the same small
     *  message: one long message of many short lines (legacy SSE: one event of many data: lines),
     *  so a cap counted per line or on the re-serialised message is seen. */
    z.strictObject({
      kind: z.literal('sized'),
      bytes: count.max(MAX_STAMPED_BYTES),
      fill: FillSchema.optional(),
      pad: z.literal('blank-lines').optional(),
      declared,
      framing,
      delayMs,
      ...extra,
    }),
    /** The first half of the framed answer's bytes, then silence with the channel left open:
     *  stdio half a line; legacy SSE half an event; Streamable HTTP half the body. */
    z.strictObject({ kind: z.literal('partial'), declared, framing, delayMs, ...extra }),
    /** HTTP only: a 3xx with this Location (a same-origin path or another origin, e.g. a
     *  trap's URL). Legacy SSE: the POST is redirected; at connect, the GET event stream. */
    z.strictObject({ kind: z.literal('redirect'), status: z.number().int().min(300).max(399), location: z.string(), delayMs, ...extra }),
    /** HTTP only: 401/403 with a WWW-Authenticate header (default `Bearer realm="fake-mcp"`). */
    z.strictObject({ kind: z.literal('auth'), status: z.union([z.literal(401), z.literal(403)]), wwwAuthenticate: z.string().optional(), delayMs, ...extra }),
    /** HTTP only: any 4xx/5xx status with a plain-text body. */
    z.strictObject({ kind: z.literal('status'), status: z.number().int().min(400).max(599), body: z.string().optional(), delayMs, ...extra }),
    /** HTTP only: 200 text/event-stream headers, then nothing. Streamable HTTP at any message
     *  stage; legacy SSE only at connect (its answers travel on the stream: use 'never'). */
    z.strictObject({ kind: z.literal('headers-then-silence'), delayMs, ...extra }),
    /** Never answered, but busy: every `intervalMs` (default 500) a notifications/progress with
     *  the request's progressToken, or a notifications/message log line when it gave none, so a
     *  deadline that restarts on activity never ends. Not with `http.jsonResponse` (a JSON
     *  answer cannot carry notifications). */
    z.strictObject({ kind: z.literal('progress-forever'), intervalMs: z.number().int().min(10).optional(), delayMs, ...extra }),
  ] as const;
}

/** A fault at a stage; `page` (tools/list only, 0-based) limits it to that page. */
export const StageFaultSchema = z.discriminatedUnion('kind', faultMembers({ page: count.optional() }));
/** A fault as the outcome of one tools/call. */
export const CallFaultMembers = faultMembers({});

export const LIST_STAGES = ['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list'] as const;
export type ListStage = (typeof LIST_STAGES)[number];
export type Stage = 'connect' | 'initialize' | ListStage | 'tools/call' | 'resources/read';

/**
 * Faults by stage. `connect` is the transport opening before any message: stdio the process
 * start (crash, garbage only), Streamable HTTP every request before MCP handles it (crash,
 * redirect, auth, status only), legacy SSE the GET event stream (everything but
 * jsonrpc-error, sized and progress-forever: no request to answer there).
 * Per-call faults are tool outcomes (`tools[i].outcome(s)`); per-read faults, a resource's `fault`.
 */
export const StagesSchema = z.strictObject({
  connect: StageFaultSchema.optional(),
  initialize: StageFaultSchema.optional(),
  'tools/list': StageFaultSchema.optional(),
  'resources/list': StageFaultSchema.optional(),
  'resources/templates/list': StageFaultSchema.optional(),
  'prompts/list': StageFaultSchema.optional(),
});

/** A fault of a stage or a call (a call's has no `page`). */
export type Fault = z.infer<typeof StageFaultSchema>;
export type FaultKind = Fault['kind'];
