// CRED-3: a stdio fake server that echoes its own credentials. Its behaviour travels in argv,
// where a host may show it (a stdio destination), so it names variables ("{env:NAME}") and
// the server fills their values in from its own environment once it runs.
import type { ServerBehaviour } from './behaviour.js';

export const envPlaceholder = (name: string): string => `{env:${name}}`;

const PLACEHOLDER = /\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Every "{env:NAME}" in the behaviour's strings becomes that variable's value ('' when unset). */
export function withEnvValues(behaviour: ServerBehaviour, env: NodeJS.ProcessEnv): ServerBehaviour {
  const json = JSON.stringify(behaviour);
  if (!json.includes('{env:')) return behaviour;
  return JSON.parse(json.replace(PLACEHOLDER, (_whole, name: string) => JSON.stringify(env[name] ?? '').slice(1, -1))) as ServerBehaviour;
}
