// Which processes hold the far end of a loopback TCP connection, read from /proc: the
// socket's inode from /proc/net/tcp(6), then every /proc/PID/fd that links to it. The
// journal collector uses it to accept journal streams only from our own stdio fake server
// processes (a host must not be able to forge a journal). Linux only, like the suite.
// Cost, since a run checks a connection per stdio server start: every full read of a TCP
// table walks the kernel's whole connection hash (262144 buckets on a 24 GB machine: about
// 5 ms, however few sockets it lists). So the connection's row is read only as far as it
// comes, and the tables are read whole only for a holder with sockets that /proc/net/unix
// (short) does not explain. The fd walk still covers every process, since any of them may
// have been handed the socket, but reads each one's fds once.
import { closeSync, openSync, readdirSync, readFileSync, readlinkSync, readSync } from 'node:fs';

function readTable(file: string): string {
  try {
    return readFileSync(file, 'latin1');
  } catch {
    return '';
  }
}

/** The first row of table `file` that `row` (a multiline regex) matches, reading no further than that row's page. */
function firstRow(file: string, row: RegExp): RegExpExecArray | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const chunk = Buffer.alloc(16 * 1024);
    let rest = '';
    for (;;) {
      const n = readSync(fd, chunk);
      const text = rest + chunk.toString('latin1', 0, n);
      // A row cut by the chunk's end is searched with the next chunk.
      const whole = n === 0 ? text.length : text.lastIndexOf('\n') + 1;
      const found = row.exec(text.slice(0, whole));
      if (found || n === 0) return found ?? undefined;
      rest = text.slice(whole);
    }
  } finally {
    closeSync(fd);
  }
}

const HEX = '[0-9A-F]';
const LISTEN = '0A';
const hexPort = (port: number): string => port.toString(16).toUpperCase().padStart(4, '0');

/** A row of /proc/net/tcp(6), "sl: local:PORT remote:PORT st tx:rx tr:when retrnsmt uid timeout inode ...", its inode captured; the arguments are regex sources. */
const tcpRow = (localPort: string, remotePort: string, state: string, inode: string, flags: 'm' | 'gm'): RegExp =>
  new RegExp(`^ *\\d+: ${HEX}+:${localPort} ${HEX}+:${remotePort} ${state} (?:\\S+ +){5}(${inode}) `, flags);

/** The inode of the socket whose own port is `port` and whose peer's port is `peerPort` (IPv4 first: our server's). */
export function socketInode(port: number, peerPort: number): number | undefined {
  const row = tcpRow(hexPort(port), hexPort(peerPort), `(?!${LISTEN})${HEX}{2}`, '[1-9]\\d*', 'm');
  const found = firstRow('/proc/net/tcp', row) ?? firstRow('/proc/net/tcp6', row);
  return found ? Number(found[1]) : undefined;
}

/** The inodes of the sockets process `pid` holds (none when it is gone, or another user's). */
export function socketsOf(pid: number): number[] {
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return [];
  }
  const sockets: number[] = [];
  for (const fd of fds) {
    let link: string;
    try {
      link = readlinkSync(`/proc/${pid}/fd/${fd}`);
    } catch {
      continue; // closed meanwhile
    }
    if (link.startsWith('socket:[')) sockets.push(Number(link.slice(8, -1)));
  }
  return sockets;
}

/**
 * Every process holding the socket with this inode (more than one if a descriptor was
 * shared), each with all the sockets it holds: whatever else is asked of a holder's sockets
 * needs no second walk.
 */
export function holdersOf(inode: number): Map<number, number[]> {
  const holders = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const sockets = socketsOf(pid);
    if (sockets.includes(inode)) holders.set(pid, sockets);
  }
  return holders;
}

/** Whether /proc/net/unix lists the socket: a Unix socket, so never a TCP listener. */
const unixSocketIn = (table: string, inode: number): boolean => new RegExp(`^\\S+: (?:\\S+ +){5}${inode}(?: |$)`, 'm').test(table);

/**
 * Whether any of `sockets` is a listening TCP socket (an inspector or debugger port, say).
 * Unix sockets (a node host's stdio pipes are socket pairs) are told apart first from the
 * short /proc/net/unix; the TCP tables are read only for what else remains.
 */
export function holdsListener(sockets: readonly number[]): boolean {
  if (sockets.length === 0) return false;
  const unix = readTable('/proc/net/unix');
  const others = new Set(sockets.filter((inode) => !unixSocketIn(unix, inode)));
  if (others.size === 0) return false;
  const listening = (file: string): boolean =>
    [...readTable(file).matchAll(tcpRow(`${HEX}{4}`, `${HEX}{4}`, LISTEN, '\\d+', 'gm'))].some((m) => others.has(Number(m[1])));
  return listening('/proc/net/tcp') || listening('/proc/net/tcp6');
}
