import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isMcpLayerError, type McpLayerError } from './errors.js';
import { createGuardedFetch } from './guarded-fetch.js';

interface Hit {
  path: string;
  headers: IncomingMessage['headers'];
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ server: Server; origin: string; hits: Hit[] }> {
  const hits: Hit[] = [];
  const server = createServer((req, res) => {
    hits.push({ path: req.url ?? '', headers: req.headers });
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}

function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

const MiB = 1024 * 1024;

describe('createGuardedFetch', () => {
  let main: Awaited<ReturnType<typeof listen>>;
  let trap: Awaited<ReturnType<typeof listen>>;

  beforeEach(async () => {
    trap = await listen((_req, res) => res.end('trap'));
    main = await listen((req, res) => {
      switch (req.url) {
        case '/same-origin-307':
          res.writeHead(307, { location: '/target' }).end();
          return;
        case '/cross-origin-302':
          res.writeHead(302, { location: `${trap.origin}/stolen` }).end();
          return;
        case '/streamed-big': {
          // No content-length: only counting while streaming can catch it.
          res.writeHead(200, { 'content-type': 'application/json' });
          const chunk = Buffer.alloc(64 * 1024, 0x61);
          let sent = 0;
          const pump = (): void => {
            while (sent < 3 * MiB) {
              sent += chunk.length;
              if (!res.write(chunk)) return void res.once('drain', pump);
            }
            res.end();
          };
          pump();
          return;
        }
        case '/declared-big':
          res.writeHead(200, { 'content-length': String(2 * MiB) });
          res.write('partial');
          return;
        case '/unauthorized':
          res.writeHead(401).end('no');
          return;
        default:
          res.end('ok');
      }
    });
  });

  afterEach(async () => {
    await stop(main.server);
    await stop(trap.server);
  });

  it('passes an ordinary response through', async () => {
    const response = await createGuardedFetch()(`${main.origin}/plain`);
    expect(await response.text()).toBe('ok');
  });

  it('refuses a same-origin 307 and never requests its target', async () => {
    const error = await createGuardedFetch()(`${main.origin}/same-origin-307`, { method: 'POST', body: '{}' }).catch((e: unknown) => e);
    expect(isMcpLayerError(error, 'redirect')).toBe(true);
    expect(main.hits.map((h) => h.path)).toEqual(['/same-origin-307']);
  });

  it('refuses a cross-origin 302: the target receives nothing, least of all the credential header', async () => {
    const error = await createGuardedFetch()(`${main.origin}/cross-origin-302`, { headers: { 'x-api-key': 'sk-secret' } }).catch((e: unknown) => e);
    expect(isMcpLayerError(error, 'redirect')).toBe(true);
    expect((error as Error).message).toBe('HTTP 302 redirect refused; redirects are never followed');
    expect(main.hits[0]?.headers['x-api-key']).toBe('sk-secret');
    expect(trap.hits).toEqual([]);
  });

  it('errors a streamed body once it passes 1 MiB and reports it', async () => {
    const reported: McpLayerError[] = [];
    const response = await createGuardedFetch({ onBodyError: (e) => reported.push(e) })(`${main.origin}/streamed-big`);
    const error = await response.arrayBuffer().catch((e: unknown) => e);
    expect(isMcpLayerError(error, 'oversize')).toBe(true);
    expect(reported.map((e) => e.code)).toEqual(['oversize']);
  });

  it('refuses a declared Content-Length over 1 MiB before reading the body', async () => {
    const error = await createGuardedFetch()(`${main.origin}/declared-big`).catch((e: unknown) => e);
    expect(isMcpLayerError(error, 'oversize')).toBe(true);
    expect((error as Error).message).toBe('response larger than the 1 MiB message limit');
  });

  it('caps an event stream per event when asked, so a long-lived SSE stream may exceed the limit in total', async () => {
    const events = (sizes: number[]): string => sizes.map((n) => `data: ${'x'.repeat(n)}\n\n`).join('');
    const stream = (text: string) => async () => new Response(text, { headers: { 'content-type': 'text/event-stream' } });
    const small = createGuardedFetch({ capPerEvent: true, maxBodyBytes: 100, baseFetch: stream(events([60, 60, 60])) });
    expect(await (await small('http://127.0.0.1/sse')).text()).toHaveLength(3 * 68);
    const big = createGuardedFetch({ capPerEvent: true, maxBodyBytes: 100, baseFetch: stream(events([60, 120])) });
    const error = await (await big('http://127.0.0.1/sse')).text().catch((e: unknown) => e);
    expect(isMcpLayerError(error, 'oversize')).toBe(true);
    const whole = createGuardedFetch({ maxBodyBytes: 100, baseFetch: stream(events([60, 60])) });
    expect(isMcpLayerError(await (await whole('http://127.0.0.1/sse')).text().catch((e: unknown) => e), 'oversize')).toBe(true);
  });

  it('hands a 401 to the caller as a status, not as an exception', async () => {
    const response = await createGuardedFetch()(`${main.origin}/unauthorized`);
    expect(response.status).toBe(401);
  });

  it('refuses plain http to a non-loopback host before sending anything', async () => {
    let sent = false;
    const guarded = createGuardedFetch({
      baseFetch: async () => {
        sent = true;
        return new Response('');
      },
    });
    const error = await guarded('http://example.com/mcp').catch((e: unknown) => e);
    expect(isMcpLayerError(error, 'url-rule')).toBe(true);
    expect(sent).toBe(false);
  });
});
