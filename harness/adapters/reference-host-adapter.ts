// The worked example of a HostAdapter: the bundled reference host (`node bin/refhost.js`).
// It is the generic profile adapter over harness/profiles/reference-host.json (the one place
// the suite writes down refhost's screen contract) plus `refhost mcp add`, which types each
// secret at its echo-off prompt (DISCOVER-6, CRED-1).
import { join } from 'node:path';
import { suiteRoot } from '../suite-root.js';
import { spawnInGroup, stopGroup } from '../supervision/process-group.js';
import { ScreenCapture } from './screen-capture.js';
import type { AddServerOutcome, HostAdapter, ServerConfigEntry } from './host-adapter.js';
import { createProfileAdapter, type ProfileAdapterOptions } from './profile-adapter.js';
import { loadHostProfile } from './profile-schema.js';
import type { Sandbox } from '../sandbox/sandbox.js';

export const REFERENCE_PROFILE_PATH = join(suiteRoot(), 'harness', 'profiles', 'reference-host.json');
const ADD_DEADLINE_MS = 10_000;

/** `refhost mcp add NAME ...`: flags name the secrets, whose values go to stdin one per line. */
async function addServer(sandbox: Sandbox, name: string, server: ServerConfigEntry, env: Record<string, string>): Promise<AddServerOutcome> {
  const [flag, secrets] = 'url' in server ? (['--header', server.headers] as const) : (['--env', server.env] as const);
  const args = [join(suiteRoot(), 'bin', 'refhost.js'), 'mcp', 'add', name];
  if ('url' in server) args.push('--url', server.url);
  for (const key of Object.keys(secrets)) args.push(flag, key);
  if (!('url' in server)) args.push('--', server.command, ...server.args);
  const proc = spawnInGroup(process.execPath, args, { env: { ...sandbox.baseEnv(), ...env }, cwd: sandbox.project });
  const screen = new ScreenCapture();
  screen.attach(proc.stdout, proc.stderr);
  proc.stdin.end(Object.values(secrets).map((v) => `${v}\n`).join(''));
  const timer = setTimeout(() => void stopGroup(proc), ADD_DEADLINE_MS);
  const exit = await proc.exited.finally(() => clearTimeout(timer));
  await stopGroup(proc);
  return { exit, screen: screen.text() };
}

export function createReferenceHostAdapter(options: Omit<ProfileAdapterOptions, 'selector'> & { selector?: string } = {}): HostAdapter {
  const adapter = createProfileAdapter(loadHostProfile(REFERENCE_PROFILE_PATH), { name: 'reference', selector: 'reference', ...options });
  return { ...adapter, addServer };
}
