// The two HTTP flavours of a fake server, both on the SDK's own server transports:
// Streamable HTTP (stateful sessions or stateless) at /mcp (TRANSPORT-1) and the legacy
// HTTP+SSE transport, GET /sse + POST /messages (TRANSPORT-2). The engine supplies the
// behaviour; here only the routing, the "drop this request's connection" fault and the SSE
// endpoint-on-another-origin trap live.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { BehaviourEngine } from './engine.js';
import { rpcMessages } from './http-faults.js';

export interface HttpRoute {
  /** The path a client is given (joined to the origin). */
  readonly path: string;
  handle(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void>;
  close(): Promise<void>;
}

export interface StreamableOptions {
  session: 'stateful' | 'stateless';
  jsonResponse: boolean;
}

export function streamableRoute(engine: BehaviourEngine, options: StreamableOptions): HttpRoute {
  const servers = new Set<Server>();
  const sessions = new Map<string, { transport: StreamableHTTPServerTransport; sockets: Map<RequestId, Socket> }>();

  async function openSession() {
    const sockets = new Map<RequestId, Socket>();
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      enableJsonResponse: options.jsonResponse,
      onsessioninitialized: (id) => void sessions.set(id, session),
      onsessionclosed: (id) => void sessions.delete(id),
    });
    const session = { transport, sockets };
    servers.add(await engine.connect(transport, { drop: (id) => sockets.get(id)?.destroy() }));
    return session;
  }

  async function stateless(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: options.jsonResponse });
    const server = await engine.connect(transport, { drop: () => req.socket.destroy() });
    servers.add(server);
    res.on('close', () => {
      servers.delete(server);
      void server.close();
    });
    await transport.handleRequest(req, res, body);
  }

  async function stateful(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    const header = req.headers['mcp-session-id'];
    let session = typeof header === 'string' ? sessions.get(header) : undefined;
    if (header !== undefined && !session) return jsonError(res, 404, 'Session not found');
    if (!session) {
      if (!rpcMessages(body).some((m) => m.method === 'initialize')) return jsonError(res, 400, 'Bad Request: No valid session ID provided');
      session = await openSession();
    }
    const { sockets } = session;
    const ids = rpcMessages(body).flatMap((m) => ('method' in m && 'id' in m ? [m.id as RequestId] : []));
    for (const id of ids) sockets.set(id, req.socket);
    res.on('close', () => ids.forEach((id) => sockets.delete(id)));
    await session.transport.handleRequest(req, res, body);
  }

  return {
    path: '/mcp',
    async handle(req, res, body) {
      if (pathOf(req) !== '/mcp') return jsonError(res, 404, 'Not found');
      await (options.session === 'stateless' ? stateless(req, res, body) : stateful(req, res, body));
    },
    async close() {
      await Promise.all([...servers].map((s) => s.close()));
    },
  };
}

export function sseRoute(engine: BehaviourEngine, options: { endpointOrigin?: string } = {}): HttpRoute {
  const sessions = new Map<string, { transport: SSEServerTransport; server: Server }>();
  return {
    path: '/sse',
    async handle(req, res, body) {
      const path = pathOf(req);
      if (path === '/sse' && req.method === 'GET') {
        if (options.endpointOrigin !== undefined) endpointElsewhere(res, options.endpointOrigin);
        const transport = new SSEServerTransport('/messages', res);
        const server = await engine.connect(transport, { drop: () => res.socket?.destroy() });
        sessions.set(transport.sessionId, { transport, server });
        res.on('close', () => sessions.delete(transport.sessionId));
        return;
      }
      if (path === '/messages' && req.method === 'POST') {
        const id = new URL(req.url ?? '/', 'http://x').searchParams.get('sessionId') ?? '';
        const session = sessions.get(id);
        if (!session) return jsonError(res, 404, 'Session not found');
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

/** The SDK always names a relative endpoint; this rewrites that one event to name `origin`. */
function endpointElsewhere(res: ServerResponse, origin: string): void {
  const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
  res.write = ((chunk: unknown, ...rest: unknown[]) =>
    write(typeof chunk === 'string' && chunk.startsWith('event: endpoint\ndata: /') ? chunk.replace('data: /', `data: ${origin}/`) : chunk, ...rest)) as ServerResponse['write'];
}

function pathOf(req: IncomingMessage): string {
  return new URL(req.url ?? '/', 'http://x').pathname;
}

function jsonError(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}
