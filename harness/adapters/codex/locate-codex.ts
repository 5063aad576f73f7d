// Finds the Codex CLI under test: CODEX_BIN, then the suite's own install
// (`npm run hosts:install -- codex` -> .hosts/codex), then PATH. Codex is never a
// dependency of the suite, so "missing" is an expected state with one clear remedy.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { HarnessError } from '../../errors.js';
import { suiteRoot } from '../../suite-root.js';

export const CODEX_INSTALL_COMMAND = 'npm run hosts:install -- codex';
/** Codex's npm package (its pinned version is in scripts/install-host.mjs), named to a maintainer who runs Codex outside the suite. */
export const CODEX_PACKAGE = '@openai/codex';

export interface CodexLocation {
  path: string;
  source: 'CODEX_BIN' | 'hosts' | 'PATH';
}

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The suite's own install location (may not exist). */
export function hostsCodexBin(root: string = suiteRoot()): string {
  return join(root, '.hosts', 'codex', 'node_modules', '.bin', 'codex');
}

/** Finds Codex, or null when it is not installed. A CODEX_BIN that is not executable is an error, never skipped. */
export function findCodex(env: NodeJS.ProcessEnv = process.env, root: string = suiteRoot()): CodexLocation | null {
  const explicit = env['CODEX_BIN'];
  if (explicit !== undefined && explicit !== '') {
    if (!isExecutableFile(explicit)) throw new HarnessError('HOST_START', `CODEX_BIN=${explicit} is not an executable file`);
    return { path: explicit, source: 'CODEX_BIN' };
  }
  const hosts = hostsCodexBin(root);
  if (isExecutableFile(hosts)) return { path: hosts, source: 'hosts' };
  for (const dir of (env['PATH'] ?? '').split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, 'codex');
    if (isExecutableFile(candidate)) return { path: candidate, source: 'PATH' };
  }
  return null;
}

/** Like findCodex, but a missing Codex is an error that says how to install it. */
export function locateCodex(env: NodeJS.ProcessEnv = process.env, root: string = suiteRoot()): CodexLocation {
  const found = findCodex(env, root);
  if (found !== null) return found;
  throw new HarnessError(
    'HOST_START',
    `OpenAI Codex CLI not found (looked at $CODEX_BIN, ${hostsCodexBin(root)} and PATH).\n` +
      `Install the pinned version with: ${CODEX_INSTALL_COMMAND}\n` +
      'or point CODEX_BIN at an existing codex executable.',
  );
}
