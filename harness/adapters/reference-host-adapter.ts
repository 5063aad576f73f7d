// The worked example of a HostAdapter: the bundled reference host (`node bin/refhost.js`),
// driven by the generic profile adapter over harness/profiles/reference-host.json (the one
// place the suite writes down refhost's screen contract and commands).
import { join } from 'node:path';
import { suiteRoot } from '../suite-root.js';
import type { HostAdapter } from './host-adapter.js';
import { createProfileAdapter, type ProfileAdapterOptions } from './profile-adapter.js';
import { loadHostProfile } from './profile-schema.js';

export const REFERENCE_PROFILE_PATH = join(suiteRoot(), 'harness', 'profiles', 'reference-host.json');

export function createReferenceHostAdapter(options: ProfileAdapterOptions = {}): HostAdapter {
  return createProfileAdapter(loadHostProfile(REFERENCE_PROFILE_PATH), { name: 'reference', selector: 'reference', ...options });
}
