// The one way refhost reads and replaces its own JSON files (mcp.json, policy.json,
// tool-pins.json): a missing file is "nothing yet", anything unreadable is an error built by
// the caller (so it names its file), and writing is atomic (temp file 0600 in the same
// directory, fsync, rename) so a crash never leaves a torn or world-readable file.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Builds the caller's error for a problem such as "is not valid JSON (...)". */
export type FileProblem = (problem: string) => Error;

/** The parsed JSON of `file`, or undefined when it does not exist. */
export function readOptionalJson(file: string, fail: FileProblem): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw fail(`cannot be read (${code ?? String(error)})`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw fail(`is not valid JSON (${(error as Error).message})`);
  }
}

// seam: writePrivateFileAtomic
/** Replaces the file atomically; the result has mode 0600 and its directory 0700 when created. */
export function writePrivateFileAtomic(file: string, text: string, fail: FileProblem): void {
  const dir = path.dirname(file);
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeNewPrivateFile(temp, text);
    fs.renameSync(temp, file);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw fail(`cannot be written (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  syncDirectory(dir);
}

// seam: writeNewPrivateFile
function writeNewPrivateFile(file: string, text: string): void {
  const fd = fs.openSync(file, 'wx', 0o600);
  try {
    fs.fchmodSync(fd, 0o600); // exact mode whatever the umask
    fs.writeFileSync(fd, text);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Makes the rename durable; some filesystems refuse fsync on a directory, which is harmless. */
function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // best effort
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
