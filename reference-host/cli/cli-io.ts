// What every refhost command gets instead of touching `process` directly, so commands can
// be driven with any streams. Errors a user should see are CliErrors: one line, no stack.
import type { SecretInputStream } from '../ui/secret-input.js';

export interface CliIo {
  env: NodeJS.ProcessEnv;
  stdin: SecretInputStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

/** Exit code 2: the command line itself is wrong; 1: it could not be carried out. */
export const EXIT_USAGE = 2;
export const EXIT_FAILURE = 1;

export class CliError extends Error {
  override name = 'CliError';
  constructor(message: string, readonly exitCode: number = EXIT_FAILURE) {
    super(message);
  }
}
