// Serves msw handlers to other processes: a node:http server on loopback turns each request
// into a fetch Request, asks msw's getResponse for the answer and streams it back. This is
// how real hosts (refhost, Codex) reach the same handlers unit tests use in-process.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse, type RequestHandler } from 'msw';

export interface BridgeServer {
  /** http://127.0.0.1:PORT */
  origin: string;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

function toRequest(req: IncomingMessage, origin: string, body: Buffer): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', origin), { method: req.method ?? 'GET', headers, ...(hasBody ? { body: new Uint8Array(body) } : {}) });
}

async function writeResponse(response: Response, res: ServerResponse): Promise<void> {
  const headers = Object.fromEntries(response.headers);
  if (response.body === null || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
    // Whole bodies go out in one write with a length, as the real API sends JSON.
    const body = Buffer.from(await response.arrayBuffer());
    res.writeHead(response.status, { ...headers, 'content-length': String(body.length) }).end(body);
    return;
  }
  res.writeHead(response.status, headers);
  const reader = response.body.getReader();
  // A client that goes away mid-stream stops the reader instead of leaving it pending.
  res.on('close', () => void reader.cancel().catch(() => undefined));
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    res.write(value);
  }
  res.end();
}

/** Starts a loopback server on a free port answering with the given handlers. */
export async function serveHandlers(handlers: RequestHandler[]): Promise<BridgeServer> {
  let origin = '';
  const server = createServer((req, res) => {
    void (async () => {
      const response = await getResponse(handlers, toRequest(req, origin, await readBody(req)));
      await writeResponse(
        response ?? Response.json({ error: { message: 'Not found', type: 'invalid_request_error', param: null, code: 'unknown_url' } }, { status: 404 }),
        res,
      );
    })().catch((error: unknown) => {
      if (res.headersSent) res.destroy();
      else res.writeHead(500, { 'content-type': 'text/plain' }).end(`mock server error: ${String(error)}`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
