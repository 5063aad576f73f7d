// A loopback listener nobody may contact: the target of redirects (NET-2) and the witness
// that a host talks only to configured destinations (NET-4, CRED-2, CRED-6). It answers
// 404 to everything and records every request, including the headers it carried.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monotonicMs } from './journal.js';

export interface TrapHit {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Machine monotonic clock, ms (comparable with journal `mono`). */
  mono: number;
}

export interface Trap {
  /** http://127.0.0.1:PORT/trap */
  url: string;
  origin: string;
  hits(): TrapHit[];
  /** TCP connections accepted, with or without a request. */
  connections(): number;
  close(): Promise<void>;
}

export async function startTrap(): Promise<Trap> {
  const hits: TrapHit[] = [];
  let connections = 0;
  const server = createServer((req, res) => {
    hits.push({ method: req.method ?? '', path: req.url ?? '', headers: { ...req.headers }, mono: monotonicMs() });
    req.resume();
    res.writeHead(404, { 'content-type': 'text/plain' }).end('trap: nothing here');
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
    hits: () => [...hits],
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
