// Turns the CLI's --host value into an adapter: "reference" (the bundled host, the
// default), "codex" or another Codex row (OpenAI Codex CLI through its app-server protocol,
// harness/adapters/codex/codex-adapter.ts CODEX_ROWS), the name of a built-in ACP profile
// (harness/profiles/acp/<name>.json), the name of a built-in terminal profile
// (harness/profiles/<name>.json, a real host run on its own terminal), or the path of a
// profile JSON file: an ACP profile (it names an `install` folder) or a terminal host profile.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { createAcpAdapter } from './acp/acp-adapter.js';
import { builtinAcpProfile, loadAcpProfile, looksLikeAcpProfile } from './acp/acp-profile.js';
import { createCodexAdapter, isCodexRow } from './codex/codex-adapter.js';
import { createProfileAdapter } from './profile-adapter.js';
import { loadHostProfile } from './profile-schema.js';
import { createReferenceHostAdapter, REFERENCE_PROFILE_PATH } from './reference-host-adapter.js';
import { suiteRoot } from '../suite-root.js';
import type { HostAdapter } from './host-adapter.js';

export const DEFAULT_HOST = 'reference';

/** The folder name of a host's reports: reports/<this>/ (committed) and test-results/<this>/ (a run's own). */
export function reportFolderName(adapter: Pick<HostAdapter, 'name' | 'selector'>): string {
  return adapter.selector === DEFAULT_HOST ? 'reference-host' : adapter.name;
}

const terminalProfileDir = (): string => join(suiteRoot(), 'harness', 'profiles');

/** The names of the built-in terminal profiles (each a valid --host value); the reference host's is selected as "reference". */
export function builtinTerminalProfileNames(): string[] {
  const dir = terminalProfileDir();
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.json') && f !== basename(REFERENCE_PROFILE_PATH))
        .map((f) => f.slice(0, -'.json'.length))
        .sort()
    : [];
}

/** The built-in terminal profile file of that name, or null. */
export function builtinTerminalProfile(name: string): string | null {
  return builtinTerminalProfileNames().includes(name) ? join(terminalProfileDir(), `${name}.json`) : null;
}

/** Whether the file holds an ACP profile; unreadable files go to the terminal profile loader, which names the problem. */
function isAcpProfileFile(path: string): boolean {
  try {
    return looksLikeAcpProfile(JSON.parse(readFileSync(resolve(path), 'utf8')));
  } catch {
    return false;
  }
}

export function resolveHost(selector: string = DEFAULT_HOST): HostAdapter {
  if (selector === DEFAULT_HOST) return createReferenceHostAdapter();
  if (isCodexRow(selector)) return createCodexAdapter({ row: selector });
  const builtin = builtinAcpProfile(selector);
  if (builtin !== null) return createAcpAdapter(loadAcpProfile(builtin), { selector });
  const terminal = builtinTerminalProfile(selector);
  if (terminal !== null) return createProfileAdapter(loadHostProfile(terminal), { selector });
  if (isAcpProfileFile(selector)) return createAcpAdapter(loadAcpProfile(selector), { selector });
  return createProfileAdapter(loadHostProfile(selector), { selector });
}
