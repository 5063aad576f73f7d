// Reading a host's configuration back after a run (CONFIG-2, NET-1): which servers it holds
// now, in the host's own format. A missing file holds none; a file that cannot be read or
// parsed is reported as a problem for the check to show, never thrown.
import { readFileSync } from 'node:fs';
import type { ConfiguredServers } from './host-adapter.js';

/** Reads `file` and hands its text to the format's parser. */
export function readConfiguredServers(file: string, parse: (text: string) => ConfiguredServers): ConfiguredServers {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? { servers: [] } : { problem: `${file} cannot be read: ${(error as Error).message}` };
  }
  return parse(text);
}
