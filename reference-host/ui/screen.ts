// The chat's terminal: output with every credential value masked (CRED-3), and prompts
// written without a trailing newline, answered by one input line (null = end of input).
// On a pipe nothing echoes the answer, so a newline stands in for it: the transcript a
// harness reads has the same lines as a terminal session.
import { LineReader } from './line-reader.js';

export interface Screen {
  write(text: string): void;
  /** Writes `prompt` and waits for one line; null at end of input or when `signal` aborts. */
  ask(prompt: string, signal?: AbortSignal): Promise<string | null>;
}

export interface TerminalScreen extends Screen {
  close(): void;
}

export function createScreen(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  redact: (text: string) => string,
): TerminalScreen {
  const reader = new LineReader(input);
  const echoes = (input as { isTTY?: boolean }).isTTY === true;
  const write = (text: string): void => {
    output.write(redact(text));
  };
  return {
    write,
    async ask(prompt, signal) {
      write(prompt);
      const line = await reader.read(signal);
      if (line !== null && !echoes) write('\n');
      return line;
    },
    close: () => reader.close(),
  };
}
