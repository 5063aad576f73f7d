// Which processes hold the far end of a loopback TCP connection, read from /proc: the
// socket's inode from /proc/net/tcp(6), then every /proc/PID/fd that links to it. The
// journal collector uses it to accept journal streams only from our own stdio fake server
// processes (a host must not be able to forge a journal). Linux only, like the suite.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

interface TcpSocket {
  localPort: number;
  remotePort: number;
  /** Hex state from the kernel: 01 established, 0A listening. */
  state: string;
  inode: number;
}

const LISTEN = '0A';

function readTable(file: string): TcpSocket[] {
  let text: string;
  try {
    text = readFileSync(file, 'latin1');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .slice(1)
    .flatMap((line) => {
      const fields = line.trim().split(/\s+/);
      const [local, remote, state, inode] = [fields[1], fields[2], fields[3], fields[9]];
      if (local === undefined || remote === undefined || state === undefined || inode === undefined) return [];
      const port = (address: string): number => parseInt(address.slice(address.lastIndexOf(':') + 1), 16);
      return [{ localPort: port(local), remotePort: port(remote), state, inode: Number(inode) }];
    });
}

function tcpSockets(): TcpSocket[] {
  return [...readTable('/proc/net/tcp'), ...readTable('/proc/net/tcp6')];
}

/** The inode of the socket whose own port is `port` and whose peer's port is `peerPort`. */
export function socketInode(port: number, peerPort: number): number | undefined {
  return tcpSockets().find((s) => s.localPort === port && s.remotePort === peerPort && s.state !== LISTEN && s.inode > 0)?.inode;
}

function socketLinks(pid: string): string[] {
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return []; // gone, or another user's
  }
  return fds.flatMap((fd) => {
    try {
      return [readlinkSync(`/proc/${pid}/fd/${fd}`)];
    } catch {
      return [];
    }
  });
}

/** Every process holding the socket with this inode (more than one if a descriptor was shared). */
export function holdersOf(inode: number): number[] {
  const link = `socket:[${inode}]`;
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => socketLinks(pid).includes(link))
    .map(Number);
}

/** Whether `pid` holds a listening TCP socket (an inspector or debugger port, say). */
export function holdsListener(pid: number): boolean {
  const listening = new Set(tcpSockets().filter((s) => s.state === LISTEN).map((s) => `socket:[${s.inode}]`));
  return socketLinks(String(pid)).some((link) => listening.has(link));
}
