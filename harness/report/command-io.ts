// What the report commands need from the outside world, and how they turn known input
// problems (bad files, conflicting shards) into one clear line and exit code 2 instead
// of a stack trace. Anything else is a bug and propagates.
import { writeFileSync } from 'node:fs';
import { ReportError } from './report-error.js';

export interface CommandIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

export const processIo: CommandIo = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
};

/** Exit code for bad input (1 is kept for "the comparison found regressions"). */
export const EXIT_BAD_INPUT = 2;

/** Runs a command body; a ReportError becomes `mcp-host-conformance: <message>` on stderr and exit code 2. */
export function withInputErrors(io: CommandIo, body: () => number): number {
  try {
    return body();
  } catch (error) {
    if (error instanceof ReportError) {
      io.stderr(`mcp-host-conformance: ${error.message}\n`);
      return EXIT_BAD_INPUT;
    }
    throw error;
  }
}

/** Writes a command's output file; a path it cannot write (a missing folder, no permission) is bad input, one line. */
export function writeOutputFile(file: string, text: string): void {
  try {
    writeFileSync(file, text);
  } catch (error) {
    throw new ReportError('OUTPUT_UNWRITABLE', `${file}: cannot write it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}
