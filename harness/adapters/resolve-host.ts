// Turns the CLI's --host value into an adapter: "reference" (the bundled host, the
// default), "codex" (OpenAI Codex CLI through its app-server protocol) or the path of a
// profile JSON file (the generic terminal adapter).
import { CODEX_SELECTOR, createCodexAdapter } from './codex/codex-adapter.js';
import { createProfileAdapter } from './profile-adapter.js';
import { loadHostProfile } from './profile-schema.js';
import { createReferenceHostAdapter } from './reference-host-adapter.js';
import type { HostAdapter } from './host-adapter.js';

export const DEFAULT_HOST = 'reference';

export function resolveHost(selector: string = DEFAULT_HOST): HostAdapter {
  if (selector === DEFAULT_HOST) return createReferenceHostAdapter();
  if (selector === CODEX_SELECTOR) return createCodexAdapter();
  return createProfileAdapter(loadHostProfile(selector), { selector });
}
