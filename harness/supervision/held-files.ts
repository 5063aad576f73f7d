// CRED-2, STDIO-3: the process watch reads the same /proc files every interval, and opening
// one costs more than reading it (a path walk through /proc for each thread's children list):
// each is opened once and read again from its start while it is in use.
// A /proc file stays bound to the process or thread it was opened for: once that one is gone,
// reads of a stat line or command line fail (the file is then opened again, and shows whoever
// has the pid now), and a children list comes back empty, so callers name the owner they mean
// (pid and start time). /proc/PID/environ is no such file: it is bound to the address space
// it was opened on, which exec replaces, so it is read fresh each time.
import { closeSync, openSync } from 'node:fs';
import { textFromStart } from './proc-scan.js';

export class HeldFiles {
  readonly #open = new Map<string, number>();
  #read = new Set<string>();

  /** The text of `path` now, as a fresh read would give it (it throws as one would); `owner` names whose file it must be. */
  read(path: string, owner = ''): string {
    const key = `${owner}\0${path}`;
    this.#read.add(key);
    const held = this.#open.get(key);
    if (held !== undefined) {
      try {
        return textFromStart(held);
      } catch {
        // Its process is gone; the pid may be another's now.
        this.#close(key);
      }
    }
    const fd = openSync(path, 'r');
    try {
      const text = textFromStart(fd);
      this.#open.set(key, fd);
      return text;
    } catch (error) {
      closeSync(fd);
      throw error;
    }
  }

  /** Closes the files not read since the last release (every file with `all`). */
  release(all = false): void {
    for (const key of this.#open.keys()) if (all || !this.#read.has(key)) this.#close(key);
    this.#read = new Set();
  }

  #close(key: string): void {
    const fd = this.#open.get(key);
    this.#open.delete(key);
    if (fd !== undefined) closeSync(fd);
  }
}
