// Terminal hosts on a real terminal (CRED-1 echo-off, INJECT-2 on what the user sees): a
// pseudo-terminal of a fixed size, the controlling terminal of a session whose leader is
// the harness's supervisor (namespace-init.ts), the host its foreground job as under a
// user's shell, so the kernel's line discipline echoes, edits lines and turns Ctrl-C into
// SIGINT for the host's group, as for a person. node-pty opens it (openpty) and is loaded
// only when a profile asks for a terminal: a machine without it runs every pipes host as
// before, and a pty host gets one line saying why not.
import { randomBytes } from 'node:crypto';
import { closeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Readable, Transform } from 'node:stream';
import tty from 'node:tty';
import type * as NodePty from 'node-pty';
import { z } from 'zod';
import { HarnessError } from '../errors.js';
import type { GroupProcess } from './process-group.js';

/**
 * What the host's session leader writes to the terminal once the host has exited: an OSC
 * sequence a terminal ignores, around the terminal's own token. The terminal is first in, first
 * out, so when the harness reads it, everything the host wrote has been read, however much and
 * however loaded the machine. The token is random per terminal and reaches only the leader (on
 * its control channel), so a host cannot write the mark itself to cut its last output short.
 */
export const exitMarkOf = (token: string): string => `\x1b]777;${token}\x07`;
/** How long the mark may take at most (a leader killed before writing it): then the terminal is read no further. */
const DRAIN_MS = 10_000;

/** Every host terminal has this size, so screens are the same on every machine. */
export const TERMINAL_SIZE = { cols: 120, rows: 40 } as const;
export type TerminalSize = { cols: number; rows: number };
export const TERMINAL_NAME = 'xterm-256color';

/** node-pty's openpty(3): master and slave fds (the master non-blocking) and the slave's path. */
const PairSchema = z.object({ master: z.number().int(), slave: z.number().int(), pty: z.string().min(1) });
type Native = { open(cols: number, rows: number): unknown };

type NodePtyModule = { pty: typeof NodePty; native: Native };

/** node-pty through `load` (a require); a HarnessError of one line when it cannot be loaded. */
export function loadNodePty(load: (name: string) => unknown = createRequire(import.meta.url)): NodePtyModule {
  try {
    const pty = load('node-pty') as typeof NodePty & { native?: Native | null };
    if (typeof pty.native?.open !== 'function') throw new Error('it has no openpty on this platform');
    return { pty, native: pty.native };
  } catch (error) {
    const why = (error as Error).message.split('\n')[0] ?? 'unknown error';
    throw new HarnessError(
      'HOST_START',
      `this host profile asks for "terminal": "pty", but node-pty cannot be loaded here (${why}); install node-pty 1.1.0 or set "terminal": "pipes"`,
    );
  }
}

let loaded: NodePtyModule | undefined;
const nodePty = (): NodePtyModule => (loaded ??= loadNodePty());

/** A terminal the harness holds the master side of; the host opens `path`. */
export interface PseudoTerminal {
  path: string;
  /** The token of this terminal's exit mark (exitMarkOf), for the host's session leader only. */
  exitToken: string;
  /** Reads what the host writes and takes what is typed. */
  master: tty.ReadStream;
  /** Closes the harness's slave fd, held only until the host has opened its own. */
  releaseSlave(): void;
  close(): void;
}

export function openTerminal(size: TerminalSize = TERMINAL_SIZE): PseudoTerminal {
  const pair = PairSchema.parse(nodePty().native.open(size.cols, size.rows));
  const master = new tty.ReadStream(pair.master);
  // EIO once nothing holds the slave any more: the host and all it started are gone.
  master.on('error', () => {});
  let slave: number | null = pair.slave;
  const releaseSlave = (): void => {
    if (slave !== null) closeSync(slave);
    slave = null;
  };
  return {
    path: pair.pty,
    exitToken: `mhc-host-exited-${randomBytes(12).toString('hex')}`,
    master,
    releaseSlave,
    close() {
      releaseSlave();
      master.destroy();
    },
  };
}

/** How many bytes at the end of `buf` could begin `mark` (held back until the next read). */
function partialMark(buf: Buffer, mark: Buffer): number {
  for (let n = Math.min(mark.length - 1, buf.length); n > 0; n--) if (buf.subarray(buf.length - n).equals(mark.subarray(0, n))) return n;
  return 0;
}

/** The terminal's output without the leader's mark, and the moment the mark passed (buffered until read: nothing is lost before a reader attaches). */
function withoutExitMark(master: Readable, token: string): { stdout: Readable; marked: Promise<void> } {
  const MARK = Buffer.from(exitMarkOf(token), 'latin1');
  let seen!: () => void;
  const marked = new Promise<void>((resolve) => (seen = resolve));
  let held = Buffer.alloc(0);
  const stdout = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const buf = Buffer.concat([held, chunk]);
      const at = buf.indexOf(MARK);
      if (at >= 0) {
        held = Buffer.alloc(0);
        this.push(Buffer.concat([buf.subarray(0, at), buf.subarray(at + MARK.length)]));
        seen();
      } else {
        const keep = partialMark(buf, MARK);
        held = buf.subarray(buf.length - keep);
        this.push(buf.subarray(0, buf.length - keep));
      }
      done();
    },
    flush(done) {
      this.push(held);
      done();
    },
  });
  master.pipe(stdout);
  // A terminal ends by closing (EIO once nothing holds its slave, or destroyed), not always by an end.
  master.once('close', () => {
    if (!stdout.writableEnded) stdout.end();
  });
  return { stdout, marked };
}

/**
 * `proc` (started on `term.path`) read and written through the terminal. It has exited once
 * what it wrote was read, or DRAIN_MS after its exit when a process it left holds the
 * terminal. The terminal then stays open, as a user's does when a command has ended (what the
 * host left running keeps its terminal), until `release`: its owner calls it once every
 * process of the run is gone; without an owner (`closeOnExit`) it closes once the host exited.
 */
export function onTerminal<P extends GroupProcess>(
  proc: P,
  term: PseudoTerminal,
  closeOnExit: boolean,
  size: TerminalSize = TERMINAL_SIZE,
): P & { release(): void } {
  let done = false;
  const { stdout, marked } = withoutExitMark(term.master, term.exitToken);
  const drained = Promise.race([marked, new Promise<void>((resolve) => (term.master.destroyed ? resolve() : term.master.once('close', () => resolve())))]);
  const release = (): void => {
    term.close();
    proc.release?.();
  };
  const exited = proc.exited.then(async (status) => {
    // What the host wrote last is still in the terminal: read it up to the leader's mark (or the terminal's close).
    await Promise.race([drained, new Promise((resolve) => setTimeout(resolve, DRAIN_MS).unref())]);
    if (closeOnExit) release();
    done = true;
    return status;
  });
  return { ...proc, stdin: term.master, stdout, stderr: Readable.from([]), exited, hasExited: () => done, terminal: size, release };
}
