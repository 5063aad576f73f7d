// The worked example of a HostAdapter: the bundled reference host (`node bin/refhost.js`).
// It is the generic profile adapter over harness/profiles/reference-host.json (the one place
// the suite writes down refhost's screen contract) plus `refhost mcp add`, which reads each
// secret at its echo-off prompt, one line per value from the piped stdin (DISCOVER-6, CRED-1),
// and `refhost mcp list` (CRED-4).
import { join } from 'node:path';
import { suiteRoot } from '../suite-root.js';
import { spawnInGroup, stopGroup } from '../supervision/process-group.js';
import { ScreenCapture } from './screen-capture.js';
import type { AddServerOutcome, HostAdapter, ServerConfigEntry } from './host-adapter.js';
import { createProfileAdapter, type ProfileAdapterOptions } from './profile-adapter.js';
import { loadHostProfile } from './profile-schema.js';
import type { Sandbox } from '../sandbox/sandbox.js';

export const REFERENCE_PROFILE_PATH = join(suiteRoot(), 'harness', 'profiles', 'reference-host.json');
const COMMAND_DEADLINE_MS = 10_000;

/** `refhost mcp add NAME ...` arguments: flags name the secrets; their values go to stdin in the same order. */
export function addArgs(name: string, server: ServerConfigEntry): { args: string[]; input: string } {
  const [flag, secrets] = 'url' in server ? (['--header', server.headers] as const) : (['--env', server.env] as const);
  const args = ['mcp', 'add', name];
  if ('url' in server) args.push('--url', server.url, ...(server.type === 'sse' ? ['--transport', 'sse'] : []));
  for (const key of Object.keys(secrets)) args.push(flag, key);
  if (!('url' in server)) args.push('--', server.command, ...server.args);
  return { args, input: Object.values(secrets).map((v) => `${v}\n`).join('') };
}

/** Runs one refhost command to its end (killed past the deadline), stdin given and closed. */
async function runCommand(sandbox: Sandbox, args: string[], input: string, env: Record<string, string>, wrap: (args: readonly string[]) => string[]): Promise<AddServerOutcome> {
  const proc = spawnInGroup(process.execPath, wrap([join(suiteRoot(), 'bin', 'refhost.js'), ...args]), { env: { ...sandbox.baseEnv(), ...env }, cwd: sandbox.project });
  const screen = new ScreenCapture(undefined, sandbox.screenScan.tap());
  screen.attach(proc.stdout, proc.stderr);
  proc.stdin.end(input);
  const timer = setTimeout(() => void stopGroup(proc), COMMAND_DEADLINE_MS);
  const exit = await proc.exited.finally(() => clearTimeout(timer));
  await stopGroup(proc);
  return { exit, screen: screen.text() };
}

export function createReferenceHostAdapter(options: Omit<ProfileAdapterOptions, 'selector'> & { selector?: string } = {}): HostAdapter {
  const adapter = createProfileAdapter(loadHostProfile(REFERENCE_PROFILE_PATH), { name: 'reference', selector: 'reference', ...options });
  // The faulty hosts swap the program the same way for these commands as for the chat.
  const wrap = options.wrapArgs ?? ((args: readonly string[]) => [...args]);
  return {
    ...adapter,
    addServer: (sandbox, name, server, env) => {
      const { args, input } = addArgs(name, server);
      return runCommand(sandbox, args, input, env, wrap);
    },
    listServers: (sandbox) => runCommand(sandbox, ['mcp', 'list'], '', {}, wrap),
  };
}
