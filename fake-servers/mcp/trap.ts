// A loopback listener nobody may contact: the target of redirects (NET-2) and the witness
// that a host talks only to configured destinations (NET-4, CRED-2, CRED-6). It answers
// 404 to everything and records every request, including the headers and body it carried.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monotonicMs } from './journal.js';

export interface TrapHit {
  /** Which trap: each concern that watches for unwanted traffic has its own listener, so a hit is charged to that concern only. */
  trap: string;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The body as received so far (latin1, one character per byte), at most TRAP_BODY_CAP bytes (CRED-2). */
  body: string;
  /** Bytes received past the cap (dropped). */
  bodyDropped: number;
  /** Machine monotonic clock, ms (comparable with journal `mono`). */
  mono: number;
}

export const TRAP_BODY_CAP = 1024 * 1024;

export interface Trap {
  /** http://127.0.0.1:PORT/trap */
  url: string;
  origin: string;
  hits(): TrapHit[];
  /** TCP connections accepted, with or without a request. */
  connections(): number;
  close(): Promise<void>;
}

export async function startTrap(name = 'scenario'): Promise<Trap> {
  const hits: TrapHit[] = [];
  let connections = 0;
  const server = createServer((req, res) => {
    // Recorded at once (the trap was touched), the body added as it arrives.
    const hit: TrapHit = {
      trap: name,
      method: req.method ?? '',
      path: req.url ?? '',
      headers: { ...req.headers },
      body: '',
      bodyDropped: 0,
      mono: monotonicMs(),
    };
    hits.push(hit);
    req.on('data', (chunk: Buffer) => {
      const room = Math.max(0, TRAP_BODY_CAP - hit.body.length);
      hit.body += chunk.subarray(0, room).toString('latin1');
      hit.bodyDropped += Math.max(0, chunk.length - room);
    });
    const answer = (): void => void res.writeHead(404, { 'content-type': 'text/plain' }).end('trap: nothing here');
    req.once('end', answer);
    req.once('error', answer);
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let closing: Promise<void> | undefined;
  return {
    url: `${origin}/trap`,
    origin,
    hits: () => hits.map((hit) => ({ ...hit })),
    connections: () => connections,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
