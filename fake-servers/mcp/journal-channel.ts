// The stdio fake server's end of its journal channel: a loopback TCP connection to the
// harness's journal collector, which checks through /proc that this process is our
// stdio-main before it sends a challenge; the server answers it and then streams one JSON
// line per entry. Writes are blocking, so an entry is in the kernel before the server acts
// on it and survives kill -9 (the host may kill its server at any moment).
import { connect, type Socket } from 'node:net';
import { z } from 'zod';
import { Stamper, type JournalEvent, type JournalWriter } from './journal.js';

/**
 * Collector to server, first and only line: go ahead, or why not. The stderr text comes this
 * way, never on the command line a host shows and stores: STDIO-4 looks for it everywhere.
 */
export const CollectorGreetingSchema = z.union([
  z.strictObject({ challenge: z.string(), stderrText: z.string().optional() }),
  z.strictObject({ refused: z.string() }),
]);
type Greeting = { challenge: string; stderrText?: string | undefined };
/** Server to collector, first line: the challenge back (bytes written before it are refused). */
export const ServerHelloSchema = z.strictObject({ hello: z.string() });

const GREETING_TIMEOUT_MS = 10_000;

/** "127.0.0.1:PORT" into its parts. */
export function parseCollectorAddress(address: string): { host: string; port: number } {
  const match = /^(127\.0\.0\.1):(\d{1,5})$/.exec(address);
  if (!match) throw new Error(`--journal must be 127.0.0.1:PORT, not ${JSON.stringify(address)}`);
  return { host: match[1] ?? '127.0.0.1', port: Number(match[2]) };
}

function greeting(socket: Socket): Promise<Greeting> {
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => fail(new Error(`no answer from the journal collector within ${GREETING_TIMEOUT_MS} ms`)), GREETING_TIMEOUT_MS);
    const onData = (chunk: Buffer): void => {
      text += chunk.toString('utf8');
      const end = text.indexOf('\n');
      if (end < 0) return;
      done();
      const parsed = CollectorGreetingSchema.safeParse(safeJson(text.slice(0, end)));
      if (!parsed.success) return reject(new Error('the journal collector sent no challenge'));
      if ('refused' in parsed.data) return reject(new Error(`the journal collector refused this process: ${parsed.data.refused}`));
      resolve(parsed.data);
    };
    const onClose = (): void => fail(new Error('the journal collector closed the connection'));
    function done(): void {
      clearTimeout(timer);
      socket.off('data', onData).off('close', onClose).off('error', fail);
    }
    function fail(error: Error): void {
      done();
      reject(error);
    }
    socket.on('data', onData).once('close', onClose).once('error', fail);
  });
}

/** JSON.parse, or undefined for text that is not JSON. */
export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Connects, passes the collector's check and returns the writer and the stderr text handed over; rejects with the reason otherwise. */
export async function openJournalChannel(address: string): Promise<{ journal: JournalWriter; stderrText: string | undefined }> {
  const { host, port } = parseCollectorAddress(address);
  const socket = connect({ host, port });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const { challenge, stderrText } = await greeting(socket);
  // Nothing more comes from the collector; no unread byte may linger either, or a kill would
  // reset the connection and drop what was sent.
  socket.pause();
  (socket as unknown as { _handle?: { setBlocking?(on: boolean): number } })._handle?.setBlocking?.(true);
  let open = true;
  socket.on('error', () => (open = false)).on('close', () => (open = false));
  const stamper = new Stamper();
  const send = (line: unknown): void => {
    // The collector gone (end of a run, serve stopped): nobody reads any more, keep serving.
    if (open) socket.write(`${JSON.stringify(line)}\n`);
  };
  send({ hello: challenge });
  return { journal: { record: (event: JournalEvent) => send(stamper.stamp(event)) }, stderrText };
}
