// The /proc reading behind the journal collector's peer check, on this process's own sockets.
import { once } from 'node:events';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { holdersOf, holdsListener, socketInode, socketsOf } from './socket-peer.js';

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

/** A server listening on `host` (port chosen by the kernel), or on the Unix socket `path`. */
async function listening(where: { host: string } | { path: string }): Promise<Server> {
  const server = createServer((s) => closers.push(() => s.destroy()));
  if ('path' in where) server.listen(where.path);
  else server.listen(0, where.host);
  await once(server, 'listening');
  closers.push(() => server.close());
  return server;
}

async function connected(server: Server, host: string): Promise<Socket> {
  const socket = connect((server.address() as { port: number }).port, host);
  await once(socket, 'connect');
  closers.push(() => socket.destroy());
  return socket;
}

/** This process's sockets that are not among `before`. */
const socketsSince = (before: number[]): number[] => socketsOf(process.pid).filter((s) => !before.includes(s));

describe('socket peer', () => {
  it('finds the inode of a connection by its ports, and this process as its only holder', async () => {
    const server = await listening({ host: '127.0.0.1' });
    const client = await connected(server, '127.0.0.1');
    const inode = socketInode(client.localPort!, client.remotePort!);
    expect(inode).toBeGreaterThan(0);
    expect([...holdersOf(inode!).keys()]).toEqual([process.pid]);
    expect(socketInode(client.remotePort!, client.localPort!)).not.toBe(inode);
  });

  it('finds no socket for ports nobody connected', () => {
    expect(socketInode(1, 2)).toBeUndefined();
  });

  it.each(['127.0.0.1', '::1'])('tells a listening TCP socket (on %s) from connected and Unix ones', async (host) => {
    const before = socketsOf(process.pid);
    const server = await listening({ host });
    const listener = socketsSince(before);
    expect(listener).toHaveLength(1);
    expect(holdsListener(listener)).toBe(true);
    const ends = socketsOf(process.pid);
    await connected(server, host);
    const connection = socketsSince(ends);
    expect(connection.length).toBeGreaterThan(0);
    expect(holdsListener(connection)).toBe(false);
  });

  it('counts a Unix listening socket as no TCP listener', async () => {
    const before = socketsOf(process.pid);
    await listening({ path: `\0socket-peer-test-${process.pid}` });
    const unix = socketsSince(before);
    expect(unix).toHaveLength(1);
    expect(holdsListener(unix)).toBe(false);
  });
});
