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

type Buffer = InstanceType<typeof xterm.Terminal>['buffer']['normal'];

/** A buffer's lines, wrapped lines joined, right-trimmed, without the blank lines below the last text. */
function linesOf(buffer: Buffer): string[] {
  const lines: string[] = [];
  for (let i = 0; i < buffer.length; i++) {
    const line = buffer.getLine(i);
    if (line === undefined) continue;
    const text = line.translateToString(true);
    if (line.isWrapped && lines.length > 0) lines[lines.length - 1] += text;
    else lines.push(text);
  }
  // Trailing blanks are invisible, written or not.
  const trimmed = lines.map((l) => l.trimEnd());
  while (trimmed.at(-1) === '') trimmed.pop();
  return trimmed;
}

export class RenderedScreen {
  readonly #term: InstanceType<typeof xterm.Terminal>;
  #written = 0;

  /** `answer` gets what the terminal sends back to the host. */
  constructor(size: TerminalSize, answer: (data: string) => void) {
    // Hostile output is expected: no parse-error logs.
    this.#term = new xterm.Terminal({ ...size, scrollback: SCROLLBACK_LINES, allowProposedApi: true, logLevel: 'off' });
    this.#term.onData(answer);
  }

  write(chunk: string): void {
    if (this.#written >= RENDER_CAP_CHARS) return;
    this.#written += chunk.length;
    this.#term.write(chunk);
  }

  /** Resolves once everything written so far is on the screen (xterm parses asynchronously). */
  settled(): Promise<void> {
    return new Promise((resolve) => this.#term.write('', resolve));
  }

  /** The screen as text, scrollback first; a full-screen program's alternate screen after it. */
  text(): string {
    const { normal, active } = this.#term.buffer;
    const lines = linesOf(normal);
    if (active.type === 'alternate') lines.push(...linesOf(active));
    return lines.join('\n');
  }
}
