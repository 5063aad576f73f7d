// The full-screen terminal UI: title bar, transcript, footer, input line, and a modal box for
// approvals. Everything is drawn with cursor addressing on the alternate screen; keys come in
// raw mode.
const ESC = '\x1b[';

export type Mode = 'starting' | 'idle' | 'busy' | 'modal' | 'exiting';

export interface KeyHandlers {
  submit(line: string): void;
  cancel(): void;
  quit(): void;
}

interface Modal {
  title: string;
  lines: string[];
  question: string;
  answer(allowed: boolean): void;
}

/** Keeps the layout intact: tabs become spaces, other control characters go. */
export function clean(text: string): string {
  return text.replace(/\t/g, '    ').replace(/[\x00-\x08\x0a-\x1f\x7f]/g, '');
}

function fit(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width);
}

function wrap(text: string, width: number): string[] {
  const rows: string[] = [];
  for (const line of text.split('\n')) {
    let rest = clean(line);
    do {
      rows.push(rest.slice(0, width));
      rest = rest.slice(width);
    } while (rest.length > 0);
  }
  return rows;
}

export class Screen {
  mode: Mode = 'starting';
  status = 'starting…';
  title = 'tui-responses';
  #input = '';
  #transcript: string[] = [];
  #modal: Modal | null = null;
  #handlers: KeyHandlers;

  constructor(handlers: KeyHandlers) {
    this.#handlers = handlers;
  }

  get cols(): number {
    return process.stdout.columns || 80;
  }

  get rows(): number {
    return process.stdout.rows || 24;
  }

  start(): void {
    process.stdout.write(`${ESC}?1049h${ESC}2J`);
    if (process.stdin.isTTY) process.stdin.setRawMode(true);
    process.stdin.on('data', (data: Buffer) => this.#keys(data.toString('utf8')));
    process.stdout.on('resize', () => this.drawAll());
    this.drawAll();
  }

  stop(): void {
    if (process.stdin.isTTY) process.stdin.setRawMode(false);
    process.stdout.write(`${ESC}0m${ESC}?25h${ESC}?1049l`);
  }

  // ---- drawing ---------------------------------------------------------------------------

  #out(text: string): void {
    process.stdout.write(text);
  }

  #at(row: number, col = 1): string {
    return `${ESC}${row};${col}H`;
  }

  drawAll(): void {
    this.#out(`${ESC}2J`);
    this.drawTitle();
    this.drawTranscript();
    this.drawFooter();
    this.drawInput();
    if (this.#modal !== null) this.#drawModal();
  }

  drawTitle(): void {
    this.#out(`${this.#at(1)}${ESC}7m${fit(` ${this.title}`, this.cols)}${ESC}0m`);
  }

  /** Rows 2 .. rows-2 hold the end of the transcript. */
  drawTranscript(): void {
    const height = this.rows - 3;
    const visible = this.#transcript.slice(-height);
    let out = '';
    for (let i = 0; i < height; i++) out += `${this.#at(2 + i)}${visible[i] ?? ''}${ESC}K`;
    this.#out(out);
  }

  drawFooter(): void {
    const hint = this.mode === 'idle' ? 'Enter send · Ctrl-C/Ctrl-D quit' : this.mode === 'busy' ? 'Ctrl-C cancel' : '';
    this.#out(`${this.#at(this.rows - 1)}${ESC}7m${fit(` ${this.status}${hint ? `  —  ${hint}` : ''}`, this.cols)}${ESC}0m`);
  }

  drawInput(): void {
    const prompt = this.mode === 'idle' ? '› ' : '  ';
    const shown = this.#input.slice(-(this.cols - 3));
    this.#out(`${this.#at(this.rows)}${ESC}2K${prompt}${shown}`);
  }

  add(text: string): void {
    this.#transcript.push(...wrap(text, this.cols - 1));
    if (this.#transcript.length > 5000) this.#transcript.splice(0, this.#transcript.length - 5000);
    this.drawTranscript();
    if (this.#modal !== null) this.#drawModal();
    this.drawInput();
  }

  setMode(mode: Mode, status: string): void {
    this.mode = mode;
    this.status = status;
    this.drawFooter();
    this.drawInput();
  }

  // ---- the approval box ------------------------------------------------------------------

  /** Shows the box and resolves with the user's single-key answer. */
  ask(title: string, lines: string[], question: string): Promise<boolean> {
    const before = this.mode;
    const status = this.status;
    return new Promise((resolve) => {
      this.#modal = {
        title,
        lines,
        question,
        answer: (allowed) => {
          this.#modal = null;
          this.drawTranscript();
          this.setMode(before, status);
          resolve(allowed);
        },
      };
      this.setMode('modal', 'approval needed');
      this.#drawModal();
    });
  }

  #drawModal(): void {
    const modal = this.#modal;
    if (modal === null) return;
    const width = Math.min(90, this.cols - 4);
    const inner = width - 4;
    const body = modal.lines.flatMap((l) => l.split('\n')).map((l) => clean(l));
    const maxBody = this.rows - 10;
    const shown = body.length > maxBody ? [...body.slice(0, maxBody - 1), `… ${body.length - maxBody + 1} more lines`] : body;
    const content = [...shown, '', clean(modal.question)];
    const height = content.length + 2;
    const top = Math.max(2, Math.floor((this.rows - height) / 2));
    const left = Math.floor((this.cols - width) / 2) + 1;
    const heading = `─ ${modal.title} `;
    let out = `${this.#at(top, left)}┌${heading}${'─'.repeat(width - 2 - heading.length)}┐`;
    content.forEach((line, i) => {
      out += `${this.#at(top + 1 + i, left)}│ ${fit(line, inner)} │`;
    });
    out += `${this.#at(top + height - 1, left)}└${'─'.repeat(width - 2)}┘`;
    this.#out(out);
  }

  // ---- keys ------------------------------------------------------------------------------

  #keys(data: string): void {
    for (let i = 0; i < data.length; i++) {
      const ch = data[i] as string;
      if (ch === '\x1b' && data[i + 1] === '[') {
        // an arrow or function key: not used
        i += 2;
        while (i < data.length && !/[A-Za-z~]/.test(data[i] as string)) i++;
        continue;
      }
      this.#key(ch);
    }
  }

  #key(ch: string): void {
    const modal = this.#modal;
    if (modal !== null) {
      if (ch === 'a' || ch === 'A') modal.answer(true);
      else if (ch === 'd' || ch === 'D' || ch === '\r' || ch === '\n' || ch === '\x1b' || ch === '\x03' || ch === '\x04') modal.answer(false);
      return;
    }
    if (this.mode === 'busy') {
      if (ch === '\x03') this.#handlers.cancel();
      return;
    }
    if (this.mode !== 'idle') {
      if (ch === '\x03') this.#handlers.quit();
      return;
    }
    if (ch === '\x03') {
      if (this.#input === '') this.#handlers.quit();
      else this.#input = '';
    } else if (ch === '\x04') {
      if (this.#input === '') this.#handlers.quit();
    } else if (ch === '\r' || ch === '\n') {
      const line = this.#input.trim();
      this.#input = '';
      if (line !== '') this.#handlers.submit(line);
    } else if (ch === '\x7f' || ch === '\b') {
      this.#input = this.#input.slice(0, -1);
    } else if (ch >= ' ') {
      this.#input += ch;
    }
    this.drawInput();
  }
}
