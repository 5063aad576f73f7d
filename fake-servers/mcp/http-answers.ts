// Faults answered on the raw node:http response, where the SDK cannot misbehave: redirects
// (NET-2), 401/403 and a required bearer (CRED-5/6), error statuses, bodies that are not
// JSON, exact-size bodies with and without Content-Length (NET-3, RESULT-6), half a body,
// headers then silence, a destroyed connection (DISCOVER-4, RESULT-4/5, UNKNOWN-1).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { firstHalf } from './acts.js';
import { blankLinesPadded } from './answers.js';
import type { ServerBehaviour } from './behaviour.js';
import type { Carrier } from './behaviour-fit.js';
import { DEFAULT_GARBAGE, type Fault } from './fault-schema.js';
import type { JournalWriter } from './journal.js';
import { envelopeRevision } from './protocol-revision.js';
import { revisionField } from './revision-tracker.js';

type HttpBehaviour = NonNullable<ServerBehaviour['http']>;

const RAW_ON_STREAMABLE = new Set<Fault['kind']>(['crash', 'garbage', 'partial', 'redirect', 'auth', 'status', 'headers-then-silence']);
const RAW_ON_SSE_POST = new Set<Fault['kind']>(['redirect', 'auth', 'status']);

/** Whether `fault` answers on the raw HTTP response of its POST instead of through the SDK. */
export function answersRaw(fault: Fault | undefined, carrier: Exclude<Carrier, 'stdio'>): boolean {
  if (!fault) return false;
  if (carrier === 'sse') return RAW_ON_SSE_POST.has(fault.kind);
  return (
    RAW_ON_STREAMABLE.has(fault.kind) || (fault.kind === 'sized' && (fault.declared !== undefined || fault.framing !== undefined || fault.pad !== undefined))
  );
}

/** The JSON-RPC messages of a POST body (a batch gives several), or none. */
export function rpcMessages(body: unknown): Record<string, unknown>[] {
  const list = Array.isArray(body) ? body : [body];
  return list.filter((m): m is Record<string, unknown> => typeof m === 'object' && m !== null && !Array.isArray(m));
}

/** The 401 a required bearer gets when the request lacks it. */
export function missingBearer(http: HttpBehaviour | undefined, req: IncomingMessage): Fault | undefined {
  if (http?.requireBearer === undefined || req.headers.authorization === `Bearer ${http.requireBearer}`) return undefined;
  return { kind: 'auth', status: 401 };
}

export const sseEvent = (payload: string): string => `event: message\ndata: ${payload.split('\n').join('\ndata: ')}\n\n`;

export interface RawContext {
  /** The answer the request would normally get (sized: padded), as a JSON-RPC message. */
  answer(): Promise<Record<string, unknown>>;
  /** How answers are framed when the fault does not say (http.jsonResponse). */
  jsonResponse: boolean;
  /** Destroys every open connection of the server (a crash with `everyConnection`). */
  dropConnections?: () => void;
}

/** For faults that answer no particular request (connect, a missing bearer). */
export const NO_REQUEST: RawContext = { answer: () => Promise.resolve({}), jsonResponse: false };

/** Journals the messages a fault swallows (the server did receive them) and the fault. */
export function journalSwallowed(journal: JournalWriter, messages: Record<string, unknown>[], what: string): void {
  for (const message of messages) journal.record({ kind: 'jsonrpc-in', message, ...revisionField(envelopeRevision(message)) });
  journal.record({ kind: 'fault', what });
}

/** Acts out a fault that answers on the raw response (see answersRaw; also the connect faults). */
export async function answerRaw(fault: Fault, req: IncomingMessage, res: ServerResponse, ctx: RawContext): Promise<void> {
  const framing = ('framing' in fault && fault.framing) || (ctx.jsonResponse ? 'json' : 'sse');
  const body = (payload: string): { type: string; text: string } =>
    framing === 'json' ? { type: 'application/json', text: payload } : { type: 'text/event-stream', text: sseEvent(payload) };
  switch (fault.kind) {
    case 'redirect':
      res.writeHead(fault.status, { location: fault.location, 'content-length': '0' }).end();
      return;
    case 'auth':
      res
        .writeHead(fault.status, { 'www-authenticate': fault.wwwAuthenticate ?? 'Bearer realm="fake-mcp"', 'content-type': 'application/json' })
        .end(JSON.stringify({ error: fault.status === 401 ? 'unauthorized' : 'forbidden' }));
      return;
    case 'status':
      res.writeHead(fault.status, { 'content-type': 'text/plain' }).end(fault.body ?? `status ${fault.status}`);
      return;
    case 'crash':
      if (fault.afterHeaders === true) {
        // Destroyed once the start of the answer is on its way: the host has headers and a first line.
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.write(': answering\n\n', () => req.socket.destroy());
      } else if (fault.everyConnection === true && ctx.dropConnections !== undefined) ctx.dropConnections();
      else req.socket.destroy();
      return;
    case 'headers-then-silence':
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.flushHeaders();
      return;
    case 'garbage': {
      const { type, text } = body(fault.data ?? DEFAULT_GARBAGE);
      res.writeHead(200, { 'content-type': type }).end(text);
      return;
    }
    case 'sized':
    case 'partial': {
      const answer = await ctx.answer();
      const { type, text } = body(fault.kind === 'sized' && fault.pad === 'blank-lines' ? blankLinesPadded(answer, fault.bytes) : JSON.stringify(answer));
      const declared = fault.declared ?? true;
      const length = Buffer.byteLength(text, 'utf8');
      // writeHead before the first write, without Content-Length: Node sends it chunked.
      res.writeHead(200, { 'content-type': type, ...(declared && { 'content-length': String(length) }) });
      if (fault.kind === 'partial') {
        res.write(firstHalf(text));
        return;
      }
      res.write(text);
      res.end();
      return;
    }
    default:
      throw new Error(`fake server: "${fault.kind}" has no raw HTTP answer`);
  }
}
