// What a person at a terminal sees (CRED-1 echo-off, INJECT-2's forged line): the host's
// output run through a headless xterm of the terminal's size, read back as text with its
// scrollback. Escapes act as on a real terminal (a carriage return and an erase overwrite a
// line; a colour leaves no trace); the terminal's answers to the host's queries (cursor
// position, device attributes) go back to the host, as a real terminal sends them.
import xterm from '@xterm/headless';
import type { TerminalSize } from '../supervision/pseudo-terminal.js';

/** Lines kept above the visible screen; past them the oldest scroll away, as in a terminal window. */
const SCROLLBACK_LINES = 100_000;
/**
 * Output rendered at most: xterm parses on the event loop, and a host flooding megabytes would
 * keep the run waiting on the rendering. Past it the raw capture and the canary tap still see
 * every byte, and the checks that read the rendered screen read the raw stream too.
 */
const RENDER_CAP_CHARS = 2 * 1024 * 1024;

/**
 * A screen state held for less than this (ms) is one redraw cut in two on its way (the pty's
 * reads split a host's single write), not a state a person saw: frames are given once the
 * output has paused this long.
 */
const FRAME_QUIET_MS = 25;
/** A host writing without pause (a spinner, a stream) still gets a frame at least this often (ms). */
const FRAME_MAX_WAIT_MS = 250;

/** Rows a line read on the screen may span above the visible screen. */
const MAX_LINE_ROWS = 64;

type Buffer = InstanceType<typeof xterm.Terminal>['buffer']['normal'];

/**
 * A buffer's lines from row `from` to row `to` (exclusive), wrapped lines joined, right-trimmed,
 * without the blank lines below the last text. With `width`, a row written up to the screen's
 * last column or the one before it also continues on the next row: a full-screen host wraps its
 * own lines by addressing rows, which the terminal does not mark as wrapped.
 */
function linesOf(buffer: Buffer, from = 0, to = buffer.length, width?: number): string[] {
  const lines: string[] = [];
  let continues = false;
  for (let i = from; i < to; i++) {
    const line = buffer.getLine(i);
    if (line === undefined) continue;
    const text = line.translateToString(true);
    if ((line.isWrapped || (continues && text.trim() !== '')) && lines.length > 0) lines[lines.length - 1] += text;
    else lines.push(text);
    continues = width !== undefined && text.trimEnd().length >= width - 1;
  }
  // Trailing blanks are invisible, written or not.
  const trimmed = lines.map((l) => l.trimEnd());
  while (trimmed.at(-1) === '') trimmed.pop();
  return trimmed;
}

export class RenderedScreen {
  readonly #term: InstanceType<typeof xterm.Terminal>;
  #written = 0;
  /** Every line seen on the visible screen, in the order each first appeared. */
  readonly #seen = new Set<string>();
  /** The visible screen last given to the frame listener. */
  #frame = '';
  #onFrame: ((frame: string) => void) | undefined;
  /** The frame waiting for the output to pause, and when it is given at the latest. */
  #frameTimer: ReturnType<typeof setTimeout> | undefined;
  #frameDue = 0;

  /** `answer` gets what the terminal sends back to the host. */
  constructor(size: TerminalSize, answer: (data: string) => void) {
    // Hostile output is expected: no parse-error logs.
    this.#term = new xterm.Terminal({ ...size, scrollback: SCROLLBACK_LINES, allowProposedApi: true, logLevel: 'off' });
    this.#term.onData(answer);
    // A full-screen host redraws its frame in place: what a person read is every line that was ever on screen, not the last frame.
    this.#term.onWriteParsed(() => {
      this.#look();
      this.#frameSoon();
    });
  }

  /** Adds the lines on the visible screen; the one under the cursor only when `all` (it may still be being written). */
  #look(all = false): void {
    const buffer = this.#term.buffer.active;
    // A full-screen program (the alternate screen) wraps its own lines by addressing rows; on the
    // normal screen a line ends at a newline and the terminal marks its own wrapping, so a line
    // that merely fills the width is not joined to the next.
    const cols = buffer.type === 'alternate' ? this.#term.cols : undefined;
    // A row continues the one above it when the terminal wrapped it or, full screen, the row above runs to the right edge (see linesOf).
    const continuesAbove = (row: number): boolean =>
      buffer.getLine(row)?.isWrapped === true ||
      (cols !== undefined &&
        (buffer
          .getLine(row - 1)
          ?.translateToString(true)
          .trimEnd().length ?? 0) >=
          cols - 1 &&
        buffer.getLine(row)?.translateToString(true).trim() !== '');
    // A line wrapped into the screen from above it is read from its start (within reason: a flood's megabyte line is not re-read on every write).
    const startOf = (row: number): number => {
      let first = row;
      while (first > 0 && row - first < MAX_LINE_ROWS && continuesAbove(first)) first--;
      return first;
    };
    const top = startOf(buffer.viewportY);
    const cursor = buffer.baseY + buffer.cursorY;
    const start = startOf(cursor);
    const end = buffer.viewportY + this.#term.rows;
    const lines = all ? linesOf(buffer, top, end, cols) : [...linesOf(buffer, top, Math.max(top, start), cols), ...linesOf(buffer, cursor + 1, end, cols)];
    for (const line of lines) if (line.trim() !== '') this.#seen.add(line);
  }

  /**
   * Gives `listener` the visible screen each time it differs from the last one given: a
   * full-screen host's states in order. Such a host redraws only the cells that change, so its
   * raw stream never repeats a line left in place (a second identical dialog), while each state
   * it shows is one frame here.
   */
  onFrame(listener: (frame: string) => void): void {
    this.#onFrame = listener;
  }

  /** Gives the frame once the output paused (FRAME_QUIET_MS), or after FRAME_MAX_WAIT_MS of output without a pause. */
  #frameSoon(): void {
    if (this.#onFrame === undefined) return;
    const now = Date.now();
    if (this.#frameTimer === undefined) this.#frameDue = now + FRAME_MAX_WAIT_MS;
    else clearTimeout(this.#frameTimer);
    this.#frameTimer = setTimeout(() => this.#emitFrame(), Math.max(0, Math.min(FRAME_QUIET_MS, this.#frameDue - now)));
  }

  #emitFrame(): void {
    clearTimeout(this.#frameTimer);
    this.#frameTimer = undefined;
    if (this.#onFrame === undefined) return;
    const buffer = this.#term.buffer.active;
    // Row by row, as drawn: a rule across the full width is not the start of a wrapped line.
    const frame = linesOf(buffer, buffer.viewportY, buffer.viewportY + this.#term.rows).join('\n');
    if (frame === this.#frame) return;
    this.#frame = frame;
    this.#onFrame(frame);
  }

  write(chunk: string): void {
    if (this.#written >= RENDER_CAP_CHARS) return;
    this.#written += chunk.length;
    this.#term.write(chunk);
  }

  /** Resolves once everything written so far is on the screen (xterm parses asynchronously), its frame given. */
  settled(): Promise<void> {
    return new Promise((resolve) =>
      this.#term.write('', () => {
        // The frame of what is drawn now, unless it was given already (a pending one is this one).
        this.#emitFrame();
        resolve();
      }),
    );
  }

  /**
   * Every non-blank line that was on the visible screen at some point, in the order each first
   * appeared; a line redrawn in place counts once. What a person at the terminal read, also of a
   * full-screen program that addresses rows instead of writing newlines.
   */
  seenLines(): string[] {
    this.#look(true);
    return [...this.#seen];
  }

  /** The screen as text, scrollback first; a full-screen program's alternate screen after it. */
  text(): string {
    const { normal, active } = this.#term.buffer;
    const lines = linesOf(normal);
    if (active.type === 'alternate') lines.push(...linesOf(active));
    return lines.join('\n');
  }
}
