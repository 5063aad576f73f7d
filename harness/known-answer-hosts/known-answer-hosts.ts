// The known-answer hosts (issue 23): small hosts written the way outside developers write them,
// each on a stack unlike refhost's, in a folder of its own with the profile a user would write
// (profile.json: a terminal or an ACP profile) and an answer key written from its code before
// the suite was pointed at it (answer-key.json). Their code is compiled with the rest of the
// harness (dist/harness/known-answer-hosts/<name>/), and each profile starts it from there.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { HostAdapter } from '../adapters/host-adapter.js';
import { resolveHost } from '../adapters/resolve-host.js';
import { HarnessError } from '../errors.js';
import { suiteRoot } from '../suite-root.js';
import { loadAnswerKey, type AnswerKey } from './answer-key.js';

export const KNOWN_ANSWER_DIR = join(suiteRoot(), 'harness', 'known-answer-hosts');

export interface KnownAnswerHost {
  /** Its folder's name. */
  name: string;
  adapter: HostAdapter;
  key: AnswerKey;
}

/** Every folder here with a profile.json and an answer-key.json, by name; a key must name its profile's host. */
export function knownAnswerHosts(dir = KNOWN_ANSWER_DIR): KnownAnswerHost[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(dir, e.name, 'profile.json')) && existsSync(join(dir, e.name, 'answer-key.json')))
    .map((e) => e.name)
    .sort()
    .map((name) => {
      const adapter = resolveHost(join(dir, name, 'profile.json'));
      const key = loadAnswerKey(join(dir, name, 'answer-key.json'));
      if (key.host !== adapter.name)
        throw new HarnessError('PROFILE_INVALID', `answer key of ${name} is for "${key.host}", its profile names "${adapter.name}"`);
      return { name, adapter, key };
    });
}
