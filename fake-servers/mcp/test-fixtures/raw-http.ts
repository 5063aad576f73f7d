// Plain node:http clients for the fake servers' tests, for what the SDK client hides: status
// lines, Content-Length against chunked bodies, exact body bytes, SSE framing, a body that
// stops half-way, a connection that is destroyed.
import { request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** False when the body had not ended `idleMs` after the last byte (a stall). */
  complete: boolean;
}

export interface RawOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** How long without a byte counts as a stall (default 300 ms). */
  idleMs?: number;
}

/** One request; rejects if the connection dies before the headers, or with `stalled-before-headers`. */
export function rawRequest(url: string, options: RawOptions = {}): Promise<RawResponse> {
  const idleMs = options.idleMs ?? 300;
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'POST', headers: options.headers, agent: false }, (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      const finish = (complete: boolean): void => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), complete });
      };
      let timer = setTimeout(() => finish(false), idleMs);
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        clearTimeout(timer);
        timer = setTimeout(() => finish(false), idleMs);
      });
      res.on('end', () => finish(true));
      res.on('error', () => finish(false));
    });
    const headersTimer = setTimeout(() => {
      req.destroy();
      reject(new Error('stalled-before-headers'));
    }, idleMs * 2);
    req.on('response', () => clearTimeout(headersTimer));
    req.on('error', (error) => {
      clearTimeout(headersTimer);
      reject(error);
    });
    req.end(options.body);
  });
}

const POST_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

export const initializeMessage = (id: number | string = 0) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

/** The data of the first SSE event in `body` (one data line). */
export function firstEventData(body: Buffer): string | undefined {
  return /^data: (.*)$/m.exec(body.toString('utf8'))?.[1];
}

/** A Streamable HTTP session opened by hand: initialize + initialized, then raw POSTs. */
export async function streamableSession(url: string): Promise<{ post(message: unknown, options?: RawOptions): Promise<RawResponse> }> {
  const init = await rawRequest(url, { headers: POST_HEADERS, body: JSON.stringify(initializeMessage()) });
  const session = init.headers['mcp-session-id'];
  const headers = { ...POST_HEADERS, 'mcp-protocol-version': '2025-06-18', ...(typeof session === 'string' && { 'mcp-session-id': session }) };
  await rawRequest(url, { headers, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) });
  return { post: (message, options = {}) => rawRequest(url, { headers, body: JSON.stringify(message), ...options }) };
}

/** A legacy SSE session by hand: the GET event stream as raw bytes, and POSTs to its endpoint. */
export interface RawSse {
  /** Everything the event stream sent so far. */
  received(): Buffer;
  /** Resolves when the stream has sent `predicate`-satisfying bytes, rejects at the deadline or if it closes first. */
  until(predicate: (text: string) => boolean, timeoutMs?: number): Promise<string>;
  /** Resolves when the event stream's connection closes. */
  closed: Promise<void>;
  post(message: unknown): Promise<RawResponse>;
  close(): void;
}

export function openRawSse(url: string, idleMs = 300): Promise<{ status: number; headers: IncomingHttpHeaders; sse: RawSse }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { accept: 'text/event-stream' }, agent: false }, (res) => {
      let received = Buffer.alloc(0);
      const waiters = new Set<() => void>();
      let ended = false;
      const closed = new Promise<void>((done) => res.once('close', () => ((ended = true), waiters.forEach((w) => w()), done())));
      res.on('data', (chunk: Buffer) => {
        received = Buffer.concat([received, chunk]);
        waiters.forEach((w) => w());
      });
      const until = (predicate: (text: string) => boolean, timeoutMs = 2000): Promise<string> =>
        new Promise((ok, fail) => {
          const check = (): void => {
            const text = received.toString('utf8');
            if (predicate(text)) return done(() => ok(text));
            if (ended) done(() => fail(new Error(`stream closed; got ${JSON.stringify(text.slice(0, 200))}`)));
          };
          const timer = setTimeout(
            () => done(() => fail(new Error(`stream timeout; got ${JSON.stringify(received.toString('utf8').slice(0, 200))}`))),
            timeoutMs,
          );
          const done = (then: () => void): void => {
            clearTimeout(timer);
            waiters.delete(check);
            then();
          };
          waiters.add(check);
          check();
        });
      const endpoint = (): string | undefined => /event: endpoint\ndata: (\S+)\n\n/.exec(received.toString('utf8'))?.[1];
      const sse: RawSse = {
        received: () => received,
        until,
        closed,
        post: (message) => {
          const path = endpoint();
          if (path === undefined) return Promise.reject(new Error('no endpoint event yet'));
          return rawRequest(new URL(path, url).toString(), { headers: POST_HEADERS, body: JSON.stringify(message), idleMs });
        },
        close: () => req.destroy(),
      };
      resolve({ status: res.statusCode ?? 0, headers: res.headers, sse });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Opens a legacy SSE session and initializes it by hand. */
export async function sseSession(url: string): Promise<RawSse> {
  const { sse } = await openRawSse(url);
  await sse.until((text) => text.includes('event: endpoint'));
  await sse.post(initializeMessage());
  await sse.until((text) => text.includes('"protocolVersion"'));
  await sse.post({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return sse;
}
