// HTTP-level misbehaviour the SDK cannot produce, answered on the raw node:http response:
// redirects (NET-2), 401/403 and a required bearer (CRED-5/6), oversized bodies (NET-3),
// invalid JSON and error statuses (DISCOVER-4, RESULT-5).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { HttpFault, ServerBehaviour } from './behaviour.js';
import { filler } from './tool-catalogue.js';

type HttpBehaviour = NonNullable<ServerBehaviour['http']>;

/** The JSON-RPC messages of a POST body (a batch gives several), or none. */
export function rpcMessages(body: unknown): Record<string, unknown>[] {
  const list = Array.isArray(body) ? body : [body];
  return list.filter((m): m is Record<string, unknown> => typeof m === 'object' && m !== null && !Array.isArray(m));
}

/** The fault that answers this request instead of the server, if any. */
export function faultFor(http: HttpBehaviour | undefined, req: IncomingMessage, messages: Record<string, unknown>[]): HttpFault | undefined {
  if (!http) return undefined;
  if (http.requireBearer !== undefined && req.headers.authorization !== `Bearer ${http.requireBearer}`) {
    return { kind: 'auth', status: 401 };
  }
  const methods = messages.map((m) => m.method).filter((m): m is string => typeof m === 'string');
  return http.faults?.find((fault) => fault.methods === undefined || fault.methods.some((m) => methods.includes(m)));
}

export function answerFault(fault: HttpFault, res: ServerResponse, messages: Record<string, unknown>[]): void {
  switch (fault.kind) {
    case 'redirect':
      res.writeHead(fault.status, { location: fault.location, 'content-length': '0' }).end();
      return;
    case 'auth':
      res
        .writeHead(fault.status, {
          'www-authenticate': fault.wwwAuthenticate ?? 'Bearer realm="fake-mcp"',
          'content-type': 'application/json',
        })
        .end(JSON.stringify({ error: fault.status === 401 ? 'unauthorized' : 'forbidden' }));
      return;
    case 'oversized-body':
      streamOversized(res, fault.bytes, messages.find((m) => 'id' in m)?.id ?? null);
      return;
    case 'invalid-json':
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"jsonrpc": "2.0", "result": {this is not JSON');
      return;
    case 'status':
      res.writeHead(fault.status, { 'content-type': 'text/plain' }).end(fault.body ?? `status ${fault.status}`);
      return;
  }
}

/** A well-formed JSON-RPC result of exactly `bytes` bytes (when that is enough for the frame), streamed lazily. */
function streamOversized(res: ServerResponse, bytes: number, id: unknown): void {
  const head = `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"content":[{"type":"text","text":"`;
  const tail = '"}]}}';
  const padding = Math.max(0, bytes - head.length - tail.length);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(head.length + padding + tail.length) });
  function* chunks(): Generator<string> {
    yield head;
    const chunk = filler(64 * 1024);
    for (let left = padding; left > 0; left -= chunk.length) yield left >= chunk.length ? chunk : chunk.slice(0, left);
    yield tail;
  }
  // pipe() stops pulling when the client goes away, so a capped reader costs nothing more.
  Readable.from(chunks()).pipe(res);
}
