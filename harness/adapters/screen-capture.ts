// Reads a terminal host's screen (stdout + stderr) as events: waiters are resolved when the
// text they wait for arrives, when the host exits, or at their deadline. Never sleeps.
// The capture is capped (a hostile host may write without end); past the cap output is
// drained and dropped, and the screen is marked truncated. A tap (the sandbox's canary scan,
// CRED-3) sees every chunk, past the cap too. On a terminal, the kept chunks also go to the
// terminal emulator as written, and the text patterns match has the terminal's "\r\n" line
// ends (its ONLCR) turned back into the "\n" the host wrote.
import type { Readable } from 'node:stream';
import type { OutputTap } from '../sandbox/canary-stream.js';
import type { ScreenText } from '../scenario/observations.js';

export const DEFAULT_SCREEN_CAP = 4 * 1024 * 1024;

/** A named pattern; the earliest match after the cursor wins. `consume: false` leaves the cursor before it. */
export interface ScreenPattern {
  name: string;
  pattern: RegExp;
  consume?: boolean;
}

export type ScreenMatch =
  { kind: 'match'; name: string; text: string; match: RegExpExecArray; start: number; end: number; consume: boolean } | { kind: 'exit' | 'deadline' };

interface Waiter {
  patterns: ScreenPattern[];
  settle(result: ScreenMatch): void;
}

export class ScreenCapture {
  #all = '';
  #stdout = '';
  #stderr = '';
  #truncated = false;
  #closed = false;
  /** Matching starts here; advanced past each consumed match. */
  #cursor = 0;
  #waiters: Waiter[] = [];
  /** On a terminal: a chunk's last "\r" waits for the next chunk (it may start a "\r\n"). */
  #heldCr = false;

  constructor(
    private readonly cap = DEFAULT_SCREEN_CAP,
    private readonly tap?: OutputTap,
    private readonly terminal?: { mirror(chunk: string): void },
  ) {}

  attach(stdout: Readable, stderr: Readable): void {
    stdout.setEncoding('utf8');
    stderr.setEncoding('utf8');
    stdout.on('data', (chunk: string) => this.append('stdout', chunk));
    stderr.on('data', (chunk: string) => this.append('stderr', chunk));
  }

  append(stream: 'stdout' | 'stderr', chunk: string): void {
    this.tap?.write(stream, chunk);
    const room = this.cap - this.#all.length;
    if (room <= 0) {
      this.#truncated = true;
      return;
    }
    const kept = chunk.length > room ? chunk.slice(0, room) : chunk;
    if (kept.length < chunk.length) this.#truncated = true;
    this.terminal?.mirror(kept);
    this.#keep(stream, this.terminal === undefined ? kept : this.#unfoldLineEnds(kept));
    this.#wake();
  }

  /** The host exited: pending waiters get 'exit' (after a last look at what arrived). */
  close(): void {
    if (this.#heldCr) this.#keep('stdout', '\r');
    this.#heldCr = false;
    this.#closed = true;
    this.#wake();
  }

  #keep(stream: 'stdout' | 'stderr', text: string): void {
    this.#all += text;
    if (stream === 'stdout') this.#stdout += text;
    else this.#stderr += text;
  }

  #unfoldLineEnds(chunk: string): string {
    const text = `${this.#heldCr ? '\r' : ''}${chunk}`;
    this.#heldCr = text.endsWith('\r');
    return (this.#heldCr ? text.slice(0, -1) : text).replaceAll('\r\n', '\n');
  }

  text(): ScreenText {
    return { all: this.#all, stdout: this.#stdout, stderr: this.#stderr, truncated: this.#truncated };
  }

  /** Position up to which matches have been consumed. */
  get cursor(): number {
    return this.#cursor;
  }

  /** Consumes everything shown so far: later waits look only at what comes next. */
  skipShown(): void {
    this.#cursor = this.#all.length;
  }

  /** Consumes through the last match of `pattern` not yet consumed (a question and every redraw of it a full-screen host made). */
  consumeThroughLast(pattern: RegExp): void {
    const rest = this.#all.slice(this.#cursor);
    const flags = pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`;
    const last = [...rest.matchAll(new RegExp(pattern.source, flags))].at(-1);
    if (last !== undefined) this.#cursor += last.index + last[0].length;
  }

  /** Text not yet consumed by a match. */
  pending(): string {
    return this.#all.slice(this.#cursor);
  }

  /**
   * Waits for the earliest of `patterns` after the cursor; on a match the cursor moves past
   * it. Resolves 'exit' when the host is gone and 'deadline' after timeoutMs.
   */
  waitFor(patterns: ScreenPattern[], timeoutMs: number): Promise<ScreenMatch> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => waiter.settle({ kind: 'deadline' }), timeoutMs);
      const waiter: Waiter = {
        patterns,
        settle: (result) => {
          clearTimeout(timer);
          this.#waiters = this.#waiters.filter((w) => w !== waiter);
          if (result.kind === 'match' && result.consume) this.#cursor = Math.max(this.#cursor, result.end);
          resolve(result);
        },
      };
      this.#waiters.push(waiter);
      this.#wake();
    });
  }

  #earliest(patterns: ScreenPattern[]): ScreenMatch | null {
    const rest = this.#all.slice(this.#cursor);
    let best: ScreenMatch | null = null;
    for (const { name, pattern, consume = true } of patterns) {
      const re = new RegExp(pattern.source, pattern.flags.replace('g', ''));
      const m = re.exec(rest);
      if (m === null) continue;
      const start = this.#cursor + m.index;
      if (best === null || (best.kind === 'match' && start < best.start)) {
        best = { kind: 'match', name, text: m[0], match: m, start, end: start + m[0].length, consume };
      }
    }
    return best;
  }

  #wake(): void {
    for (const waiter of [...this.#waiters]) {
      const found = this.#earliest(waiter.patterns);
      if (found !== null) waiter.settle(found);
      else if (this.#closed) waiter.settle({ kind: 'exit' });
    }
  }
}

/** Screen text before the first prompt (a host's start-up notices); all of it while no prompt came. */
export function textBeforePrompt(all: string, prompt: RegExp): string {
  const match = new RegExp(prompt.source, 'm').exec(all);
  return match === null ? all : all.slice(0, match.index);
}
