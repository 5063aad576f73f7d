// NET-4: what a host looks up is what it means to contact. Every host runs in a mount
// namespace of its own (supervision/pid-namespace.ts), where this file's resolv.conf is
// bound over /etc/resolv.conf: its only name server is this watch, on a loopback address
// of its own, which records each question and answers NXDOMAIN at once (nothing is
// resolved, so nothing leaves, and a host never waits on a dead resolver). Names the host
// could reach only through DNS (telemetry, update checks, model catalogues) are then seen
// even on a machine without a network. The record lives in this process: nothing the host
// writes can change it. Loopback names (localhost) come from /etc/hosts and are not asked.
import { createSocket, type Socket } from 'node:dgram';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface LookupSeen {
  name: string;
  /** The question's type (A, AAAA, HTTPS, ...; TYPEn when unnamed). */
  type: string;
  /** process.hrtime in ms when it arrived. */
  mono: number;
}

export interface NameWatch {
  /** The resolv.conf to bind over /etc/resolv.conf in the host's mount namespace. */
  resolvConf: string;
  /** The watch's address (127.x.y.z, port 53). */
  address: string;
  lookups(): LookupSeen[];
  close(): Promise<void>;
}

const TYPES: Record<number, string> = { 1: 'A', 2: 'NS', 5: 'CNAME', 6: 'SOA', 12: 'PTR', 15: 'MX', 16: 'TXT', 28: 'AAAA', 33: 'SRV', 65: 'HTTPS', 255: 'ANY' };
/** Several scenarios may run at once: each watch takes an address of its own in 127/8. */
const BIND_TRIES = 8;

/** The first question of a DNS query: its name, type and where the question ends; null when unreadable. */
export function parseQuestion(packet: Buffer): { name: string; type: string; end: number } | null {
  if (packet.length < 12 || packet.readUInt16BE(4) < 1) return null;
  const labels: string[] = [];
  let at = 12;
  for (;;) {
    const length = packet[at];
    if (length === undefined || length > 63) return null;
    at += 1;
    if (length === 0) break;
    if (at + length > packet.length) return null;
    labels.push(packet.toString('latin1', at, at + length));
    at += length;
  }
  if (at + 4 > packet.length) return null;
  const code = packet.readUInt16BE(at);
  return { name: labels.join('.').toLowerCase(), type: TYPES[code] ?? `TYPE${code}`, end: at + 4 };
}

/** NXDOMAIN for the query's first question (the id and the recursion-desired bit echoed). */
export function nxdomain(packet: Buffer, questionEnd: number): Buffer {
  const answer = Buffer.alloc(questionEnd);
  packet.copy(answer, 0, 0, questionEnd);
  // QR, the query's RD, RA, RCODE 3; one question, no records.
  answer.writeUInt16BE(0x8000 | (packet.readUInt16BE(2) & 0x0100) | 0x0080 | 3, 2);
  answer.writeUInt16BE(1, 4);
  answer.fill(0, 6, 12);
  return answer;
}

function randomLoopback(): string {
  const byte = (low: number, high: number): number => low + Math.floor(Math.random() * (high - low + 1));
  // 127.0.0.0/24 is left to everything else on the machine.
  return `127.${byte(1, 254)}.${byte(0, 255)}.${byte(1, 254)}`;
}

function bind(socket: Socket, address: string): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(53, address, () => {
      socket.off('error', reject);
      resolve();
    });
  });
}

/** Starts a watch; a reason instead when port 53 cannot be bound here (it needs root). */
export async function startNameWatch(): Promise<NameWatch | { problem: string }> {
  let socket: Socket | null = null;
  let address = '';
  let problem = '';
  for (let i = 0; i < BIND_TRIES && socket === null; i++) {
    const candidate = createSocket('udp4');
    address = randomLoopback();
    try {
      await bind(candidate, address);
      socket = candidate;
    } catch (error) {
      candidate.close();
      problem = (error as Error).message;
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') break;
    }
  }
  if (socket === null) return { problem: `cannot listen on a loopback address, port 53 (${problem})` };
  const seen: LookupSeen[] = [];
  const bound = socket;
  bound.on('message', (packet, from) => {
    const question = parseQuestion(packet);
    if (question === null) return;
    seen.push({ name: question.name, type: question.type, mono: Number(process.hrtime.bigint()) / 1e6 });
    bound.send(nxdomain(packet, question.end), from.port, from.address);
  });
  bound.on('error', () => {});
  // A run that breaks before closing the watch must not be kept alive by it.
  bound.unref();
  const dir = mkdtempSync(join(tmpdir(), 'mhc-names-'));
  const resolvConf = join(dir, 'resolv.conf');
  writeFileSync(resolvConf, `# written by mcp-host-conformance: every lookup is recorded (NET-4)\nnameserver ${address}\noptions timeout:1 attempts:1\n`, {
    mode: 0o444,
  });
  return {
    resolvConf,
    address,
    lookups: () => [...seen],
    // The folder goes off the event loop: removing a directory blocks for milliseconds here.
    close: async () => {
      await Promise.all([rm(dir, { recursive: true, force: true }), new Promise<void>((resolve) => bound.close(() => resolve()))]);
    },
  };
}
