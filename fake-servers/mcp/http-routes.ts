// The two HTTP flavours of a fake server, both on the SDK's own server transports:
// Streamable HTTP (stateful sessions or stateless) at /mcp (TRANSPORT-1) and the legacy
// HTTP+SSE transport, GET /sse + POST /messages (TRANSPORT-2). Each request is planned
// here, before the SDK sees it, so a fault that answers on the raw HTTP response (a
// redirect, a body of exactly N bytes without Content-Length, half a body...) can; the
// others travel to the engine's handler with their plan. The connect stage of the SSE
// flavour is its GET event stream. A 2026-07-28 request (the SDK's own classification) is
// planned the same way and then answered statelessly by modern-http.ts.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { RequestId } from '@modelcontextprotocol/sdk/types.js';
import { firstHalf, pause } from './acts.js';
import type { BehaviourEngine, Plan } from './engine.js';
import { DEFAULT_GARBAGE, type Fault } from './fault-schema.js';
import { isModernRequest, serveModernExchange } from './modern-http.js';
import { offersLegacy, offersModern } from './protocol-revision.js';
import { answerRaw, answersRaw, journalSwallowed, NO_REQUEST, rpcMessages, sseEvent } from './http-answers.js';

export interface HttpRoute {
  /** The path a client is given (joined to the origin). */
  readonly path: string;
  handle(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void>;
  close(): Promise<void>;
}

export interface StreamableOptions {
  session: 'stateful' | 'stateless';
  jsonResponse: boolean;
  /** Destroys every open connection of the server (a call's crash with `everyConnection`). */
  dropConnections?: () => void;
}

/** Aborted when the response closes, so a delayed fault stops waiting for a gone client. */
function closeSignal(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  res.on('close', () => controller.abort(new Error('response closed')));
  return controller.signal;
}

/**
 * Plans the requests of a POST body. If one of them meets a fault answered on the raw
 * response, it is acted out here and undefined is returned; otherwise the plans by id.
 */
async function planPost(
  engine: BehaviourEngine,
  req: IncomingMessage,
  res: ServerResponse,
  body: unknown,
  carrier: 'streamable' | 'sse',
  dropConnections?: () => void,
): Promise<Map<RequestId, Plan> | undefined> {
  const messages = rpcMessages(body);
  const plans = messages
    .filter((m) => typeof m.method === 'string' && (typeof m.id === 'string' || typeof m.id === 'number'))
    .map((m) => engine.plan({ id: m.id as RequestId, method: m.method as string, params: m.params as Record<string, unknown> | undefined }))
    .filter((p) => p.stage !== undefined);
  const raw = plans.find((p) => answersRaw(p.fault, carrier));
  if (raw?.fault) {
    journalSwallowed(engine.journal, messages, `${raw.stage} ${raw.fault.kind}`);
    await pause(raw.fault.delayMs, closeSignal(res)).catch(() => undefined);
    if (!res.destroyed)
      await answerRaw(raw.fault, req, res, {
        answer: () => engine.answerOf(raw),
        jsonResponse: engine.behaviour.http?.jsonResponse ?? false,
        ...(dropConnections === undefined ? {} : { dropConnections }),
      });
    return undefined;
  }
  return new Map(plans.map((p) => [p.request.id, p]));
}

/** The connect fault of a Streamable HTTP server (every request; crash is the HTTP server's). */
function streamableConnect(engine: BehaviourEngine): Fault | undefined {
  const fault = engine.behaviour.stages?.connect;
  return fault && fault.kind !== 'crash' ? fault : undefined;
}

export function streamableRoute(engine: BehaviourEngine, options: StreamableOptions): HttpRoute {
  const servers = new Set<Server>();
  const sessions = new Map<string, { transport: StreamableHTTPServerTransport; planned: Map<RequestId, Plan> }>();
  const connect = streamableConnect(engine);
  const byMethod = engine.behaviour.http?.redirectMethods;

  async function openSession() {
    const planned = new Map<RequestId, Plan>();
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      enableJsonResponse: options.jsonResponse,
      onsessioninitialized: (id) => void sessions.set(id, session),
      onsessionclosed: (id) => void sessions.delete(id),
    });
    const session = { transport, planned };
    servers.add(await engine.connect(transport, {}, planned));
    return session;
  }

  async function stateless(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    const planned = await planPost(engine, req, res, body, 'streamable', options.dropConnections);
    if (!planned) return;
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: options.jsonResponse });
    const server = await engine.connect(transport, {}, planned);
    servers.add(server);
    res.on('close', () => {
      servers.delete(server);
      void server.close();
    });
    await transport.handleRequest(req, res, body);
  }

  /** 2026-07-28: no session, whatever the behaviour's http.session says (the revision has none). */
  async function modern(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    const planned = await planPost(engine, req, res, body, 'streamable', options.dropConnections);
    if (planned) await serveModernExchange(engine, req, res, body, planned);
  }

  async function stateful(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    const header = req.headers['mcp-session-id'];
    let session = typeof header === 'string' ? sessions.get(header) : undefined;
    if (header !== undefined && !session) return jsonError(res, 404, 'Session not found');
    if (!session && !rpcMessages(body).some((m) => m.method === 'initialize')) return jsonError(res, 400, 'Bad Request: No valid session ID provided');
    const planned = await planPost(engine, req, res, body, 'streamable', options.dropConnections);
    if (!planned) return;
    session ??= await openSession();
    for (const [id, p] of planned) session.planned.set(id, p);
    await session.transport.handleRequest(req, res, body);
  }

  return {
    path: '/mcp',
    async handle(req, res, body) {
      if (pathOf(req) !== '/mcp') return jsonError(res, 404, 'Not found');
      if (byMethod?.methods.some((m) => m === req.method)) {
        engine.journal.record({ kind: 'fault', what: `${req.method ?? '?'} redirect` });
        return answerRaw({ kind: 'redirect', status: byMethod.status, location: byMethod.location }, req, res, NO_REQUEST);
      }
      if (connect) {
        journalSwallowed(engine.journal, rpcMessages(body), `connect ${connect.kind}`);
        return answerRaw(connect, req, res, NO_REQUEST);
      }
      // Without 2026-07-28 every request meets today's 2025-11-25 server, server/discover too;
      // without 2025-11-25 every request meets the SDK's modern entry, which refuses initialize.
      const { protocol } = engine.behaviour;
      if (offersModern(protocol) && (!offersLegacy(protocol) || (await isModernRequest(req, body)))) return modern(req, res, body);
      await (options.session === 'stateless' ? stateless(req, res, body) : stateful(req, res, body));
    },
    async close() {
      await Promise.all([...servers].map((s) => s.close()));
    },
  };
}

export function sseRoute(engine: BehaviourEngine, options: { endpointOrigin?: string } = {}): HttpRoute {
  const sessions = new Map<string, { transport: SSEServerTransport; server: Server; planned: Map<RequestId, Plan> }>();
  const connect = engine.behaviour.stages?.connect;

  /** The GET event stream: its connect fault, then the SDK transport (unless the fault ends it). */
  async function openStream(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (connect && connect.kind !== 'crash') {
      engine.journal.record({ kind: 'fault', what: `connect ${connect.kind}` });
      if (connect.kind === 'never') return;
      await pause(connect.delayMs, closeSignal(res)).catch(() => undefined);
      if (res.destroyed) return;
      if (connect.kind === 'redirect' || connect.kind === 'auth' || connect.kind === 'status') {
        return answerRaw(connect, req, res, NO_REQUEST);
      }
    }
    rewriteEndpoint(res, options.endpointOrigin, connect);
    const transport = new SSEServerTransport('/messages', res);
    const planned = new Map<RequestId, Plan>();
    const hooks = { writeRaw: (data: string | Uint8Array) => void res.write(data), crash: () => res.socket?.destroy(), frame: sseEvent };
    const server = await engine.connect(transport, hooks, planned);
    sessions.set(transport.sessionId, { transport, server, planned });
    res.on('close', () => sessions.delete(transport.sessionId));
  }

  return {
    path: '/sse',
    async handle(req, res, body) {
      const path = pathOf(req);
      if (path === '/sse' && req.method === 'GET') return openStream(req, res);
      if (path === '/messages' && req.method === 'POST') {
        const id = new URL(req.url ?? '/', 'http://x').searchParams.get('sessionId') ?? '';
        const session = sessions.get(id);
        if (!session) return jsonError(res, 404, 'Session not found');
        const planned = await planPost(engine, req, res, body, 'sse');
        if (!planned) return;
        for (const [requestId, p] of planned) session.planned.set(requestId, p);
        return session.transport.handlePostMessage(req, res, body);
      }
      // A Streamable-HTTP-first client POSTs here first; 405 is its cue to fall back to SSE.
      if (path === '/sse') return jsonError(res, 405, 'Method not allowed');
      jsonError(res, 404, 'Not found');
    },
    async close() {
      await Promise.all([...sessions.values()].map((s) => s.server.close()));
    },
  };
}

/**
 * The SDK writes the endpoint event itself; this rewrites that one write: to name another
 * origin (TRANSPORT-2 trap), to put garbage before or instead of it, to cut it in half, or
 * to leave only the headers (the connect faults of the SSE flavour).
 */
function rewriteEndpoint(res: ServerResponse, origin: string | undefined, fault: Fault | undefined): void {
  const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (typeof chunk !== 'string' || !chunk.startsWith('event: endpoint\n')) return write(chunk, ...rest);
    const event = origin === undefined ? chunk : chunk.replace('data: /', `data: ${origin}/`);
    switch (fault?.kind) {
      case 'garbage': {
        const garbage = sseEvent(fault.data ?? DEFAULT_GARBAGE);
        return write(fault.thenAnswer ? garbage + event : garbage, ...rest);
      }
      case 'partial':
        return write(firstHalf(event), ...rest);
      case 'headers-then-silence':
        res.flushHeaders();
        return true;
      default:
        return write(event, ...rest);
    }
  }) as ServerResponse['write'];
}

function pathOf(req: IncomingMessage): string {
  return new URL(req.url ?? '/', 'http://x').pathname;
}

function jsonError(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}
