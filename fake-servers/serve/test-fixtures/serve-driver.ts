// Drives `serve` in-process for tests: captures its output, stops it on demand, and
// registers a cleanup that stops it and awaits its exit (everything it started is closed).
import { Writable } from 'node:stream';
import type { ServeIo } from '../run-serve.js';

export class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer, _enc: string, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

export interface ServeRun {
  stdout: Capture;
  stderr: Capture;
  stop(): void;
  exit: Promise<number>;
  /** Settles once the addresses are printed, or when serve exits early. */
  ready: Promise<unknown>;
}

/** `cleanups` receives the stop-and-await; the caller runs it in afterEach. */
export function startServe(run: (argv: readonly string[], io: ServeIo) => Promise<number>, argv: string[], cleanups: (() => Promise<void> | void)[]): ServeRun {
  const stdout = new Capture();
  const stderr = new Capture();
  let stop = (): void => undefined;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  let ready = (): void => undefined;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  const exit = run(argv, { stdout, stderr, stop: stopped, onReady: ready });
  cleanups.push(async () => {
    stop();
    await exit;
  });
  return { stdout, stderr, stop, exit, ready: Promise.race([isReady, exit]) };
}
