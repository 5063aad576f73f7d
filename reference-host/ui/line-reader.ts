// Line input that works the same on a terminal (cooked mode: the terminal edits and echoes,
// Ctrl-C arrives as SIGINT) and on a pipe (the harness writes answers as it reads prompts).
// Lines typed ahead are queued, never lost; a waiting read can be abandoned by a signal.

export class LineReader {
  private buffer = '';
  private readonly lines: string[] = [];
  private ended = false;
  private waiter: ((line: string | null) => void) | null = null;
  private readonly onData = (chunk: string | Buffer): void => {
    this.buffer += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    let newline = this.buffer.indexOf('\n');
    while (newline >= 0) {
      this.lines.push(this.buffer.slice(0, newline).replace(/\r$/, ''));
      this.buffer = this.buffer.slice(newline + 1);
      newline = this.buffer.indexOf('\n');
    }
    this.deliver();
  };
  private readonly onEnd = (): void => {
    if (this.buffer.length > 0) this.lines.push(this.buffer);
    this.buffer = '';
    this.ended = true;
    this.deliver();
  };

  constructor(private readonly input: NodeJS.ReadableStream) {
    input.setEncoding('utf8');
    input.on('data', this.onData);
    input.on('end', this.onEnd);
    input.on('close', this.onEnd);
    input.on('error', this.onEnd);
  }

  /** The next line without its line ending; null at end of input or once `signal` aborts. */
  read(signal?: AbortSignal): Promise<string | null> {
    if (this.waiter !== null) throw new Error('LineReader.read called while another read is waiting');
    if (signal?.aborted === true) return Promise.resolve(null);
    return new Promise((resolve) => {
      const onAbort = (): void => {
        this.waiter = null;
        resolve(null);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiter = (line) => {
        signal?.removeEventListener('abort', onAbort);
        this.waiter = null;
        resolve(line);
      };
      this.deliver();
    });
  }

  /** Stops listening so the input no longer keeps the process alive. */
  close(): void {
    this.input.off('data', this.onData);
    this.input.off('end', this.onEnd);
    this.input.off('close', this.onEnd);
    this.input.off('error', this.onEnd);
    this.input.pause();
    this.ended = true;
    this.deliver();
  }

  private deliver(): void {
    if (this.waiter === null) return;
    const line = this.lines.shift();
    if (line !== undefined) this.waiter(line);
    else if (this.ended) this.waiter(null);
  }
}
