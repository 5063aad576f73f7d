// Turns the CLI's --host value into an adapter: "reference" (the bundled host, the
// default), "codex" (OpenAI Codex CLI through its app-server protocol), the name of a
// built-in ACP profile (harness/profiles/acp/<name>.json), or the path of a profile JSON
// file: an ACP profile (it names an `install` folder) or a terminal host profile.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createAcpAdapter } from './acp/acp-adapter.js';
import { builtinAcpProfile, loadAcpProfile, looksLikeAcpProfile } from './acp/acp-profile.js';
import { CODEX_SELECTOR, createCodexAdapter } from './codex/codex-adapter.js';
import { createProfileAdapter } from './profile-adapter.js';
import { builtinHostProfile, loadHostProfile } from './profile-schema.js';
import { createReferenceHostAdapter } from './reference-host-adapter.js';
import type { HostAdapter } from './host-adapter.js';

export const DEFAULT_HOST = 'reference';

/** The folder name of a host's reports: reports/<this>/ (committed) and test-results/<this>/ (a run's own). */
export function reportFolderName(adapter: Pick<HostAdapter, 'name' | 'selector'>): string {
  return adapter.selector === DEFAULT_HOST ? 'reference-host' : adapter.name;
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
  if (selector === CODEX_SELECTOR) return createCodexAdapter();
  const builtin = builtinAcpProfile(selector);
  if (builtin !== null) return createAcpAdapter(loadAcpProfile(builtin), { selector });
  if (isAcpProfileFile(selector)) return createAcpAdapter(loadAcpProfile(selector), { selector });
  // A built-in terminal profile by name (harness/profiles/<name>.json), unless a file of that name is here.
  const terminal = existsSync(selector) ? null : builtinHostProfile(selector);
  if (terminal !== null) return createProfileAdapter(loadHostProfile(terminal), { selector });
  return createProfileAdapter(loadHostProfile(selector), { selector });
}
