// Terminal hosts on a real terminal (CRED-1 echo-off, INJECT-2 on what the user sees): a
// pseudo-terminal of a fixed size whose slave the host opens as its controlling terminal,
// so the kernel's line discipline echoes, edits lines and turns Ctrl-C into SIGINT for the
// foreground group, as for a person. node-pty is loaded only when a profile asks for a
// terminal: a machine without it runs every pipes host as before, and a pty host gets one
// line saying why not.
import { closeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PassThrough, Readable, Writable } from 'node:stream';
import tty from 'node:tty';
import type * as NodePty from 'node-pty';
import { z } from 'zod';
import { HarnessError } from '../errors.js';
import { signalName } from './namespace-init.js';
import type { ExitStatus, GroupProcess } from './process-group.js';

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
    throw new HarnessError('HOST_START', `this host profile asks for "terminal": "pty", but node-pty cannot be loaded here (${why}); install node-pty 1.1.0 or set "terminal": "pipes"`);
  }
}

let loaded: NodePtyModule | undefined;
const nodePty = (): NodePtyModule => (loaded ??= loadNodePty());

/** A terminal the harness holds the master side of; the host opens `path`. */
export interface PseudoTerminal {
  path: string;
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
    master,
    releaseSlave,
    close() {
      releaseSlave();
      master.destroy();
    },
  };
}

/** `proc` (started on `term.path`) read and written through the terminal; the terminal is closed once it exited and drained. */
export function onTerminal<P extends GroupProcess>(proc: P, term: PseudoTerminal, size: TerminalSize = TERMINAL_SIZE): P {
  let done = false;
  const drained = new Promise<void>((resolve) => (term.master.destroyed ? resolve() : term.master.once('close', () => resolve())));
  const exited = proc.exited.then(async (status) => {
    // What the host wrote last is still in the terminal: read it before closing, for a while at most (a leftover may hold the slave).
    await Promise.race([drained, new Promise((resolve) => setTimeout(resolve, 500).unref())]);
    term.close();
    done = true;
    return status;
  });
  return { ...proc, stdin: term.master, stdout: term.master, stderr: Readable.from([]), exited, hasExited: () => done, terminal: size };
}

/** Outside a PID namespace: node-pty starts the host as a session leader on a terminal of its own. */
export function spawnOnTerminal(command: string, args: readonly string[], options: { env: Record<string, string>; cwd: string }, size: TerminalSize = TERMINAL_SIZE): GroupProcess {
  const { pty } = nodePty();
  let child: NodePty.IPty;
  try {
    child = pty.spawn(command, [...args], { name: options.env.TERM ?? TERMINAL_NAME, ...size, cwd: options.cwd, env: options.env });
  } catch (error) {
    throw new HarnessError('HOST_START', `cannot start ${command}: ${(error as Error).message.split('\n')[0]}`);
  }
  const stdout = new PassThrough();
  child.onData((data) => stdout.write(data));
  const stdin = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      try {
        child.write(chunk.toString());
      } catch {
        // the host is gone
      }
      callback();
    },
  });
  let done = false;
  // node-pty reports the exit once the terminal was read to its end.
  const exited = new Promise<ExitStatus>((resolve) =>
    child.onExit(({ exitCode, signal }) => resolve(signal !== undefined && signal !== 0 ? { code: null, signal: signalName(signal) } : { code: exitCode, signal: null })),
  ).then((status) => {
    stdout.end();
    done = true;
    return status;
  });
  return { pid: child.pid, stdin, stdout, stderr: Readable.from([]), exited, hasExited: () => done, terminal: size };
}
