// Test helpers: read the fixture's info file and look at the process table.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const STDIO_FIXTURE = fileURLToPath(new URL('./stdio-server.mjs', import.meta.url));

export interface FixtureInfo {
  pid: number;
  pgid: number;
  env: Record<string, string>;
  argv: string[];
  stderr: string;
  grandchild: number;
}

export function readInfo(file: string): FixtureInfo {
  return JSON.parse(readFileSync(file, 'utf8')) as FixtureInfo;
}

/** True while `pid` is a live (non-zombie) process. */
export function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

export function ownProcessGroup(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
}
