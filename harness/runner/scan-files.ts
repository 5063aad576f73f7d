// CRED-3: every file the host could write in the sandbox ($HOME, $PROJECT, the XDG
// directories, $TMPDIR), read whole in chunks for the canary scan: no size or count cap, so a
// secret at the end of a large log or in the thousandth file is seen. Unreadable ones are gaps.
import { closeSync, lstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import type { CanaryMatcher } from '../sandbox/canary-forms.js';
import { StreamSightings } from '../sandbox/canary-stream.js';
import type { Canary, RawSighting, ScanGap } from '../sandbox/canaries.js';
import type { Sandbox } from '../sandbox/sandbox.js';
import { listDir, withOwnerAccess } from '../sandbox/owner-access.js';

const CHUNK_BYTES = 1024 * 1024;
/** One chunk buffer for every file: each chunk is copied out as a string before the next read. */
let chunk: Buffer | undefined;

/** Feeds the file to `stream` chunk by chunk (latin1: one character per byte, binary-safe). */
function readInChunks(path: string, stream: StreamSightings): void {
  // A host may lock its own file (chmod 000) to hide it: the harness takes the owner's bits back.
  const fd = withOwnerAccess(path, 0o600, () => openSync(path, 'r'));
  try {
    const buffer = (chunk ??= Buffer.allocUnsafe(CHUNK_BYTES));
    for (let n = readSync(fd, buffer); n > 0; n = readSync(fd, buffer)) stream.write(buffer.toString('latin1', 0, n));
  } finally {
    closeSync(fd);
  }
}

export function scanSandboxFiles(sandbox: Sandbox, matcher: CanaryMatcher, canaries: readonly Canary[]): { sightings: RawSighting[]; gaps: ScanGap[] } {
  const sightings: RawSighting[] = [];
  const gaps: ScanGap[] = [];
  const walk = (dir: string): void => {
    let names: string[];
    try {
      names = listDir(dir).sort();
    } catch (error) {
      gaps.push({
        channel: `file:${sandbox.displayPath(dir) ?? dir}/`,
        why: `directory ${sandbox.displayPath(dir) ?? dir} unreadable: ${(error as Error).message}`,
      });
      return;
    }
    for (const name of names) {
      const path = join(dir, name);
      const display = sandbox.displayPath(path) ?? path;
      try {
        const stat = lstatSync(path);
        // Symbolic links are not followed: a target inside the sandbox is read at its own path.
        if (stat.isDirectory()) walk(path);
        else if (stat.isFile()) {
          const stream = new StreamSightings(matcher, canaries, `file:${display}`, display);
          readInChunks(path, stream);
          sightings.push(...stream.sightings());
        }
      } catch (error) {
        gaps.push({ channel: `file:${display}`, why: `${display} unreadable: ${(error as Error).message}` });
      }
    }
  };
  walk(sandbox.root);
  return { sightings, gaps };
}
