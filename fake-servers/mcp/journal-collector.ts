// The harness's end of the stdio journals: a loopback TCP listener, one per scenario, that
// every stdio fake server streams its journal to. A host sees the address in its own
// configuration and could connect too, so a connection is accepted only after /proc shows
// that every process holding its other end is our stdio-main, started with exactly the
// behaviour registered for that journal id (the host cannot swap it), without code preloaded
// into node (NODE_OPTIONS, LD_PRELOAD) or a debugger port open; then the server must answer a
// fresh challenge, so bytes a host slipped in before the check are refused too. A refused
// peer is counted (an observation), never a harness fault; a line from a verified server that
// is not a journal entry is one. What a host can still do: trace or debug its own child.
import { randomBytes } from 'node:crypto';
import { readlinkSync, realpathSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { readProcess } from '../../harness/supervision/proc-scan.js';
import type { ServerBehaviour } from './behaviour.js';
import { JournalEntrySchema, EntryJournal, monotonicMs, type Journal } from './journal.js';
import { safeJson, ServerHelloSchema } from './journal-channel.js';
import { holdersOf, holdsListener, socketInode } from './socket-peer.js';
import { STDIO_MAIN_PATH, stdioFakeServerCommand } from './stdio-command.js';
import { meter } from '../../harness/performance/cost-meter.js';

export interface JournalRefusal {
  /** The peer's address, 127.0.0.1:PORT. */
  remote: string;
  reason: string;
  /** The processes that held the peer's socket. */
  pids: number[];
  mono: number;
}

export interface StdioFakeServer {
  command: string;
  args: string[];
  /** The --journal-id word: unique in the run, it marks the server's processes in /proc. */
  journalId: string;
  journal: Journal;
}

export interface JournalCollector {
  /** 127.0.0.1:PORT */
  address: string;
  /** The command of a stdio fake server journaling here; `marker` starts its journal id. */
  stdioServer(behaviour: ServerBehaviour, marker?: string): StdioFakeServer;
  /** Connections refused so far (not our server, or it failed the challenge). */
  refusals(): JournalRefusal[];
  /** Resolves true once every accepted server connection has ended (all it sent is read), false at the deadline. */
  settled(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

interface Registered {
  /** The argv words after the node binary, exactly as the server must have them. */
  argv: string[];
  journal: EntryJournal;
  /** Handed to the verified server in the greeting (STDIO-4), kept off its command line. */
  stderrText: string | undefined;
}

/** Node options that load code into the process or open a debugger. */
const CODE_LOADING = /(^|\s)(-r|--require|--import|--loader|--experimental-loader|--inspect[-\w]*|--debug[-\w]*)(=|\s|$)/;

function exeOf(pid: number): string | undefined {
  try {
    return readlinkSync(`/proc/${pid}/exe`);
  } catch {
    return undefined;
  }
}

/** Why process `pid` is not a genuine stdio fake server of ours, or its journal id; `listens` tells whether it holds a listening socket. */
function checkProcess(pid: number, registered: ReadonlyMap<string, Registered>, node: string, listens: () => boolean): { id: string } | { reason: string } {
  const info = readProcess(pid);
  if (!info) return { reason: `process ${pid} is gone` };
  if (exeOf(pid) !== node) return { reason: `process ${pid} does not run ${node}` };
  const [, script, ...rest] = info.cmdline;
  if (script !== STDIO_MAIN_PATH) return { reason: `process ${pid} does not run ${STDIO_MAIN_PATH} as its script` };
  const id = rest[rest.indexOf('--journal-id') + 1] ?? '';
  const expected = registered.get(id);
  if (!expected) return { reason: `process ${pid} names no registered journal id` };
  if (expected.argv.some((word, i) => info.cmdline[i + 1] !== word)) return { reason: `process ${pid} was not started with the registered command line` };
  if (CODE_LOADING.test(info.env.NODE_OPTIONS ?? '')) return { reason: `process ${pid} has NODE_OPTIONS that load code` };
  if (info.env.LD_PRELOAD || info.env.LD_AUDIT) return { reason: `process ${pid} has LD_PRELOAD or LD_AUDIT` };
  if (listens()) return { reason: `process ${pid} holds a listening socket (a debugger?)` };
  return { id };
}

/** The real check: every holder of the peer's socket is a genuine stdio fake server of ours, all for one id. */
function procPeerCheck(registered: ReadonlyMap<string, Registered>, node: string): PeerCheck {
  return (socket, port) => {
    const inode = socketInode(socket.remotePort ?? -1, port);
    if (inode === undefined) return { reason: 'its socket is not in /proc/net/tcp', pids: [] };
    const holders = holdersOf(inode);
    const pids = [...holders.keys()];
    if (pids.length === 0) return { reason: 'no process holds its socket', pids };
    // The connection itself is established, not listening: only a holder's other sockets can be.
    const checks = [...holders].map(([pid, sockets]) => checkProcess(pid, registered, node, () => holdsListener(sockets.filter((s) => s !== inode))));
    const bad = checks.find((c): c is { reason: string } => 'reason' in c);
    if (bad) return { reason: bad.reason, pids };
    const ids = new Set(checks.map((c) => ('id' in c ? c.id : '')));
    if (ids.size !== 1) return { reason: 'its holders name different journal ids', pids };
    return { id: [...ids][0] ?? '' };
  };
}

/** The peer check, replaceable in the collector's own tests (which have no stdio-main peer to forge with). */
export type PeerCheck = (socket: Socket, collectorPort: number) => { id: string } | { reason: string; pids: number[] };

export async function startJournalCollector(options: { checkPeer?: PeerCheck } = {}): Promise<JournalCollector> {
  const registered = new Map<string, Registered>();
  const refusals: JournalRefusal[] = [];
  const sockets = new Set<Socket>();
  const streaming = new Set<Socket>();
  const idle = new Set<() => void>();
  const node = realpathSync(process.execPath);
  let connections = 0;

  function refuse(socket: Socket, reason: string, pids: number[]): void {
    refusals.push({ remote: `${socket.remoteAddress}:${socket.remotePort}`, reason, pids, mono: monotonicMs() });
    socket.end(`${JSON.stringify({ refused: reason })}\n`);
    socket.destroySoon();
  }

  const verify = options.checkPeer ?? procPeerCheck(registered, node);

  /** Reads lines after the challenge: the hello, then one journal entry per line. */
  function stream(socket: Socket, id: string, challenge: string, journal: EntryJournal, connection: number): void {
    let pending = Buffer.alloc(0);
    let lineNo = 0;
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      for (let end = pending.indexOf(10); end >= 0; end = pending.indexOf(10)) {
        const line = pending.subarray(0, end).toString('utf8');
        pending = pending.subarray(end + 1);
        lineNo++;
        if (lineNo === 1) {
          const hello = ServerHelloSchema.safeParse(safeJson(line));
          if (!hello.success || hello.data.hello !== challenge) return refuse(socket, 'it did not answer the challenge first', []);
          continue;
        }
        const parsed = JournalEntrySchema.safeParse(safeJson(line));
        if (!parsed.success) {
          journal.fail(`journal ${id} (connection ${connection}) line ${lineNo - 1}: not a journal entry: ${parsed.error.issues[0]?.message ?? ''}`);
          continue;
        }
        journal.append(parsed.data);
      }
    });
    // A server killed mid-write leaves at most one partial last line: it is not an entry yet.
  }

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket)).on('error', () => undefined);
    socket.pause();
    const verdict = meter('journal peer check', () => verify(socket, (server.address() as AddressInfo).port));
    if ('reason' in verdict) return refuse(socket, verdict.reason, verdict.pids);
    const entry = registered.get(verdict.id);
    if (!entry) return refuse(socket, 'unknown journal id', []);
    const { journal, stderrText } = entry;
    const challenge = randomBytes(16).toString('hex');
    socket.write(`${JSON.stringify({ challenge, ...(stderrText === undefined ? {} : { stderrText }) })}\n`);
    stream(socket, verdict.id, challenge, journal, connections++);
    streaming.add(socket);
    socket.on('close', () => {
      streaming.delete(socket);
      if (streaming.size === 0) for (const resolve of [...idle]) resolve();
    });
    socket.resume();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = `127.0.0.1:${(server.address() as AddressInfo).port}`;

  let closing: Promise<void> | undefined;
  return {
    address,
    stdioServer(behaviour, marker = 'fake-mcp') {
      const journalId = `${marker}/journal-${randomBytes(6).toString('hex')}`;
      const { stderrText, ...stdio } = behaviour.stdio ?? {};
      const { command, args } = stdioFakeServerCommand(behaviour.stdio ? { ...behaviour, stdio } : behaviour, { address, id: journalId });
      const journal = new EntryJournal();
      // The words the collector insists on: script, behaviour, journal target (extra args are free: STDIO-1).
      registered.set(journalId, { argv: args.slice(0, 7), journal, stderrText });
      return { command, args, journalId, journal };
    },
    refusals: () => [...refusals],
    settled(timeoutMs) {
      if (streaming.size === 0) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const done = (ended: boolean): void => {
          clearTimeout(timer);
          idle.delete(onIdle);
          resolve(ended);
        };
        const onIdle = (): void => done(true);
        const timer = setTimeout(() => done(false), timeoutMs);
        idle.add(onIdle);
      });
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
  };
}
