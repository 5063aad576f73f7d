// A mutant host (issue 13) is its host's own profile with the mutant's bundle as its program.
// A refhost mutant: the reference host's profile, `node <bundle> chat ...` for the chat and
// `node <bundle> mcp add|list ...` for the host's own commands. A known-answer host's mutant:
// that host's profile.json (terminal or ACP), every argument naming its built host.mjs swapped
// for the bundle. The one place a mutant becomes a HostAdapter.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAcpAdapter } from '../adapters/acp/acp-adapter.js';
import { looksLikeAcpProfile, parseAcpProfile } from '../adapters/acp/acp-profile.js';
import type { HostAdapter } from '../adapters/host-adapter.js';
import { createProfileAdapter } from '../adapters/profile-adapter.js';
import { parseHostProfile } from '../adapters/profile-schema.js';
import { createReferenceHostAdapter } from '../adapters/reference-host-adapter.js';
import { suiteRoot } from '../suite-root.js';
import { MutantError, type Mutant } from './mutant-build.js';

/** Every string of a JSON value equal to `from` replaced by `to`. */
function swapped(value: unknown, from: string, to: string): unknown {
  if (value === from) return to;
  if (Array.isArray(value)) return value.map((v) => swapped(v, from, to));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, swapped(v, from, to)]));
  return value;
}

export function createMutantHostAdapter(mutant: Pick<Mutant, 'id' | 'host'>, bundle: string): HostAdapter {
  const selector = `mutant:${mutant.id}`;
  if (mutant.host === undefined)
    return createReferenceHostAdapter({
      name: selector,
      selector,
      // Profile and command args are [refhost.js, ...]: swap the program, keep the rest.
      wrapArgs: (args) => [bundle, ...args.slice(1)],
    });
  const file = join(suiteRoot(), 'harness', 'known-answer-hosts', mutant.host, 'profile.json');
  const program = `{suiteRoot}/dist/harness/known-answer-hosts/${mutant.host}/host.mjs`;
  const profile: unknown = JSON.parse(readFileSync(file, 'utf8'));
  // A profile that no longer names the built host would run it unmutated: its checks would pass and look uncaught.
  if (!JSON.stringify(profile).includes(JSON.stringify(program)))
    throw new MutantError(
      `mutant ${mutant.id}: harness/known-answer-hosts/${mutant.host}/profile.json does not start ${program}, so the bundle has nowhere to go`,
    );
  const raw = swapped(profile, program, bundle);
  return looksLikeAcpProfile(raw)
    ? createAcpAdapter(parseAcpProfile(raw, file), { selector })
    : createProfileAdapter(parseHostProfile(raw, file), { selector });
}
