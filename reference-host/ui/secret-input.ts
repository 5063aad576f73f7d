// Reading credential values when a server is added (CRED-1, CRED-3): on a terminal the
// input is put in raw mode and nothing is echoed for typed characters; when stdin is not
// a terminal (the harness pipes values) exactly one line is read per value. The value is
// never written anywhere: only the prompt and a line end once the value is in.
import { StringDecoder } from 'node:string_decoder';

export type SecretInputStream = NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?(mode: boolean): unknown };

export class SecretInputError extends Error {
  override name = 'SecretInputError';
}

export interface SecretReader {
  /** Writes `prompt` to the output, then resolves with one value (without its line end). */
  read(prompt: string): Promise<string>;
  /** Stops listening to the input so the process can exit. */
  close(): void;
}

interface Pending {
  resolve(value: string): void;
  reject(error: Error): void;
  typed: string;
}

const CTRL_C = '\u0003';
const CTRL_D = '\u0004';
const CTRL_U = '\u0015';
const ESC = '\u001b';

// seam: createSecretReader
/** One reader per input stream: bytes after a value's line end are kept for the next read. */
export function createSecretReader(input: SecretInputStream, output: NodeJS.WritableStream): SecretReader {
  const tty = input.isTTY === true && typeof input.setRawMode === 'function';
  const decoder = new StringDecoder('utf8');
  let buffer = '';
  let ended = false;
  let failure: Error | null = null;
  let pending: Pending | null = null;

  const onData = (chunk: Buffer | string): void => {
    buffer += typeof chunk === 'string' ? chunk : decoder.write(chunk);
    pump();
  };
  const onEnd = (): void => {
    ended = true;
    buffer += decoder.end();
    pump();
  };
  const onError = (error: Error): void => {
    failure = new SecretInputError(`cannot read from the terminal (${error.message})`);
    pump();
  };
  input.on('data', onData);
  input.on('end', onEnd);
  input.on('error', onError);
  input.pause();

  function finish(settle: (p: Pending) => void): void {
    const current = pending;
    if (!current) return;
    pending = null;
    input.pause();
    if (tty) input.setRawMode?.(false);
    output.write('\n'); // ends the prompt line; the value itself is never written
    settle(current);
  }

  function pump(): void {
    if (!pending) return;
    if (tty) consumeKeys(pending);
    else consumeLine();
    if (pending && failure) finish((p) => p.reject(failure as Error));
    else if (pending && ended) finish((p) => p.reject(new SecretInputError('end of input before a value was entered')));
  }

  function consumeLine(): void {
    const newline = buffer.indexOf('\n');
    if (newline >= 0) {
      const line = buffer.slice(0, newline).replace(/\r$/, '');
      buffer = buffer.slice(newline + 1);
      finish((p) => p.resolve(line));
    } else if (ended && buffer.length > 0) {
      const line = buffer.replace(/\r$/, '');
      buffer = '';
      finish((p) => p.resolve(line));
    }
  }

  // Raw-mode keys: Enter ends the value, Backspace/Ctrl-U edit it, Ctrl-C cancels,
  // Ctrl-D on an empty value is end of input, escape sequences (arrows) are ignored.
  function consumeKeys(p: Pending): void {
    while (buffer.length > 0 && pending === p) {
      const ch = String.fromCodePoint(buffer.codePointAt(0) as number);
      if (ch === ESC) {
        const seq = /^\u001b(?:[[O][0-9;?]*[@-~]?)?/.exec(buffer);
        buffer = buffer.slice(seq ? seq[0].length : 1);
        continue;
      }
      buffer = buffer.slice(ch.length);
      if (ch === '\r' || ch === '\n') finish((q) => q.resolve(q.typed));
      else if (ch === CTRL_C) finish((q) => q.reject(new SecretInputError('cancelled')));
      else if (ch === CTRL_D && p.typed === '') ended = true;
      else if (ch === '\u007f' || ch === '\b') p.typed = Array.from(p.typed).slice(0, -1).join('');
      else if (ch === CTRL_U) p.typed = '';
      else if (ch >= ' ') p.typed += ch;
    }
  }

  return {
    read(prompt: string): Promise<string> {
      if (pending) return Promise.reject(new SecretInputError('a value is already being read'));
      // Echo off before the prompt is shown (as getpass does): a value typed as soon as the prompt appears is never echoed.
      if (tty) input.setRawMode?.(true);
      output.write(prompt);
      return new Promise<string>((resolve, reject) => {
        pending = { resolve, reject, typed: '' };
        pump();
        if (pending) input.resume();
      });
    },
    close(): void {
      if (pending) finish((p) => p.reject(new SecretInputError('closed')));
      input.off('data', onData);
      input.off('end', onEnd);
      input.off('error', onError);
      input.pause();
    },
  };
}
