// An in-process fake MCP server on 127.0.0.1 (TRANSPORT-1/2). Every TCP connection and
// HTTP request is journaled before anything answers it, so "the server received nothing"
// (APPROVE-1, NET-2, CRED-2) and "the server received it once" (UNKNOWN-1) are facts.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { parseServerBehaviour, type ServerBehaviour } from './behaviour.js';
import { assertBehaviourFitsTransport } from './behaviour-fit.js';
import { createBehaviourEngine } from './engine.js';
import { answerRaw, journalSwallowed, missingBearer, NO_REQUEST, rpcMessages } from './http-answers.js';
import { sseRoute, streamableRoute } from './http-routes.js';
import { MemoryJournal, type Journal } from './journal.js';

export interface HttpFakeServer {
  /** http://127.0.0.1:PORT/mcp (Streamable HTTP) or http://127.0.0.1:PORT/sse (legacy SSE). */
  url: string;
  /** http://127.0.0.1:PORT */
  origin: string;
  journal: Journal;
  /** Closes every MCP session and every socket; idempotent. */
  close(): Promise<void>;
}

export async function startHttpFakeServer(behaviour: ServerBehaviour, options: { port?: number } = {}): Promise<HttpFakeServer> {
  const parsed = parseServerBehaviour(behaviour);
  assertBehaviourFitsTransport(parsed, 'http');
  const journal = new MemoryJournal();
  const engine = createBehaviourEngine(parsed, journal);
  const http = parsed.http;
  const route =
    http?.flavour === 'sse'
      ? sseRoute(engine, { ...(http.sseEndpointOrigin !== undefined && { endpointOrigin: http.sseEndpointOrigin }) })
      : streamableRoute(engine, {
          session: http?.session ?? 'stateful',
          jsonResponse: http?.jsonResponse ?? false,
          dropConnections: () => server.closeAllConnections(),
        });

  const connectionIds = new WeakMap<Socket, number>();
  let nextConnection = 0;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const connection = connectionIds.get(req.socket) ?? -1;
    const method = req.method ?? '';
    const path = req.url ?? '';
    const raw = await readBody(req);
    journal.record({ kind: 'http-request', connection, method, path, headers: { ...req.headers } as Record<string, string | string[]>, body: raw });
    res.on('close', () => journal.record({ kind: 'http-response', connection, method, path, status: res.statusCode }));

    const body = parseJson(raw);
    if (raw !== '' && body === undefined) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null }));
      return;
    }
    const unauthorised = missingBearer(http, req);
    if (unauthorised) {
      journalSwallowed(journal, rpcMessages(body), 'bearer-missing');
      return answerRaw(unauthorised, req, res, NO_REQUEST);
    }
    await route.handle(req, res, body);
  }

  const crashAtConnect = parsed.stages?.connect?.kind === 'crash';
  const server = createServer((req, res) => {
    // Crash when a request arrives rather than on accept: undici (Node 20) leaves a fetch
    // pending forever when the socket dies before the request is written, which would turn
    // "crashed" into "hung" for every Node host.
    if (crashAtConnect) {
      journal.record({ kind: 'fault', what: 'connect crash' });
      req.socket.destroy();
      return;
    }
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`fake server error: ${String(error)}`);
    });
  });
  server.on('connection', (socket) => {
    const connection = nextConnection++;
    connectionIds.set(socket, connection);
    journal.record({ kind: 'connection-open', connection, remote: `${socket.remoteAddress}:${socket.remotePort}` });
    socket.on('close', () => journal.record({ kind: 'connection-close', connection }));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  let closing: Promise<void> | undefined;
  return {
    url: `${origin}${route.path}`,
    origin,
    journal,
    close() {
      closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
        await route.close();
        server.closeAllConnections();
        await stopped;
      })();
      return closing;
    },
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJson(raw: string): unknown {
  if (raw === '') return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}
