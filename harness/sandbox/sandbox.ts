// A fresh world per scenario (CONFIG-1, CRED-*, STDIO-3): its own HOME, XDG directories,
// TMPDIR and a project directory used as cwd, and an environment like a developer's shell
// with secrets that are canaries. Everything lives under one temporary root that is removed
// afterwards. Everything under it is the host's to write, so nothing the harness trusts is
// kept there (the stdio journals travel over the journal collector's checked channel).
import { mkdirSync, mkdtempSync, realpathSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { HarnessError } from '../errors.js';
import { CanaryRegistry } from './canaries.js';
import { unlockTree } from './owner-access.js';
import { ScreenScan } from './canary-stream.js';
import { developerShellEnv, mintHostSecrets } from './host-env.js';

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
  /** The canary scan of every host output stream; adapters give each screen capture a tap of it. */
  screenScan: ScreenScan;
  /**
   * The environment every host process starts from: a developer's shell (TERM, USER, SHELL,
   * NODE_OPTIONS ...) with sandbox paths, the real PATH, and secrets that are canaries (host-env.ts).
   */
  baseEnv(): Record<string, string>;
  /** "$HOME/.config/x" style path for reports; null for paths outside the host's part. */
  displayPath(absolute: string): string | null;
  /** Removes the whole sandbox, off the event loop (removing a directory blocks for milliseconds); idempotent. */
  cleanup(): Promise<void>;
}

/** The sandbox's areas and their environment names, longest prefixes first (so $XDG_CONFIG_HOME wins over $HOME). */
export function sandboxAreas(sandbox: Pick<Sandbox, 'configHome' | 'dataHome' | 'stateHome' | 'cacheHome' | 'home' | 'project' | 'tmp'>): [string, string][] {
  return [
    [sandbox.configHome, '$XDG_CONFIG_HOME'],
    [sandbox.dataHome, '$XDG_DATA_HOME'],
    [sandbox.stateHome, '$XDG_STATE_HOME'],
    [sandbox.cacheHome, '$XDG_CACHE_HOME'],
    [sandbox.home, '$HOME'],
    [sandbox.project, '$PROJECT'],
    [sandbox.tmp, '$TMPDIR'],
  ];
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
    // Where XDG puts it by default, inside HOME: a host whose confinement widens to the user's
    // home (CONFIG-2) reaches the stored credentials there, as it would on a real machine.
    configHome: dir('home', '.config'),
    dataHome: dir('xdg', 'data'),
    stateHome: dir('xdg', 'state'),
    cacheHome: dir('xdg', 'cache'),
    tmp: dir('tmp'),
    canaries: new CanaryRegistry(),
  };
  const secrets = mintHostSecrets(sandbox.canaries);
  const names = sandboxAreas(sandbox);
  return {
    ...sandbox,
    screenScan: new ScreenScan(sandbox.canaries),
    baseEnv: () => ({
      ...developerShellEnv(sandbox),
      PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
      LANG: 'C.UTF-8',
      HOME: sandbox.home,
      XDG_CONFIG_HOME: sandbox.configHome,
      XDG_DATA_HOME: sandbox.dataHome,
      XDG_STATE_HOME: sandbox.stateHome,
      XDG_CACHE_HOME: sandbox.cacheHome,
      TMPDIR: sandbox.tmp,
      ...secrets,
    }),
    displayPath: (absolute: string) => {
      for (const [prefix, name] of names) {
        const rel = relative(prefix, absolute);
        if (rel === '') return name;
        if (!rel.startsWith('..') && !rel.startsWith(sep)) return `${name}/${rel.split(sep).join('/')}`;
      }
      return null;
    },
    cleanup: async () => {
      try {
        await rm(root, { recursive: true, force: true });
      } catch {
        // The host locked some of its directories: take them back, then remove.
        unlockTree(root);
        await rm(root, { recursive: true, force: true });
      }
    },
  };
}
