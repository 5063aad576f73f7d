// A fresh world per scenario (CONFIG-1, CRED-*): its own HOME, XDG directories, TMPDIR and
// a project directory used as cwd. Everything lives under one temporary root that is removed
// afterwards. Everything under it is the host's to write, so nothing the harness trusts is
// kept there (the stdio journals travel over the journal collector's checked channel).
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { HarnessError } from '../errors.js';
import { CanaryRegistry } from './canaries.js';
import { unlockTree } from './owner-access.js';

export interface Sandbox {
  root: string;
  home: string;
  /** The host's working directory (holds the decoy .mcp.json). */
  project: string;
  configHome: string;
  dataHome: string;
  stateHome: string;
  cacheHome: string;
  tmp: string;
  canaries: CanaryRegistry;
  /** The environment every host process starts from: only sandbox paths, PATH and LANG. */
  baseEnv(): Record<string, string>;
  /** "$HOME/.config/x" style path for reports; null for paths outside the host's part. */
  displayPath(absolute: string): string | null;
  /** Removes the whole sandbox; idempotent. */
  cleanup(): void;
}

export function createSandbox(scenario: string): Sandbox {
  let root: string;
  try {
    // realpath: /tmp may be a symlink, and /proc shows resolved paths.
    root = realpathSync(mkdtempSync(join(tmpdir(), `mhc-${scenario.slice(0, 40)}-`)));
  } catch (error) {
    throw new HarnessError('SANDBOX', `cannot create the sandbox for ${scenario}: ${(error as Error).message}`);
  }
  const dir = (...parts: string[]): string => {
    const path = join(root, ...parts);
    mkdirSync(path, { recursive: true, mode: 0o700 });
    return path;
  };
  const sandbox = {
    root,
    home: dir('home'),
    project: dir('project'),
    configHome: dir('xdg', 'config'),
    dataHome: dir('xdg', 'data'),
    stateHome: dir('xdg', 'state'),
    cacheHome: dir('xdg', 'cache'),
    tmp: dir('tmp'),
    canaries: new CanaryRegistry(),
  };
  // Longest prefixes first so $XDG_CONFIG_HOME wins over the root.
  const names: [string, string][] = [
    [sandbox.configHome, '$XDG_CONFIG_HOME'],
    [sandbox.dataHome, '$XDG_DATA_HOME'],
    [sandbox.stateHome, '$XDG_STATE_HOME'],
    [sandbox.cacheHome, '$XDG_CACHE_HOME'],
    [sandbox.home, '$HOME'],
    [sandbox.project, '$PROJECT'],
    [sandbox.tmp, '$TMPDIR'],
  ];
  return {
    ...sandbox,
    baseEnv: () => ({
      PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
      LANG: 'C.UTF-8',
      HOME: sandbox.home,
      XDG_CONFIG_HOME: sandbox.configHome,
      XDG_DATA_HOME: sandbox.dataHome,
      XDG_STATE_HOME: sandbox.stateHome,
      XDG_CACHE_HOME: sandbox.cacheHome,
      TMPDIR: sandbox.tmp,
    }),
    displayPath: (absolute: string) => {
      for (const [prefix, name] of names) {
        const rel = relative(prefix, absolute);
        if (rel === '') return name;
        if (!rel.startsWith('..') && !rel.startsWith(sep)) return `${name}/${rel.split(sep).join('/')}`;
      }
      return null;
    },
    cleanup: () => {
      try {
        rmSync(root, { recursive: true, force: true });
      } catch {
        // The host locked some of its directories: take them back, then remove.
        unlockTree(root);
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
