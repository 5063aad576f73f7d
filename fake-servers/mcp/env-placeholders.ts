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

/**
 * A server whose calls need variables (stdio.callsNeedEnv) that are unset or empty in `env`
 * answers every call with an error naming them instead, as a server refusing a call without
 * its credential does; with all of them set, the behaviour as written.
 */
export function withNeededEnv(behaviour: ServerBehaviour, env: NodeJS.ProcessEnv): ServerBehaviour {
  const missing = (behaviour.stdio?.callsNeedEnv ?? []).filter((name) => (env[name] ?? '') === '');
  if (missing.length === 0) return behaviour;
  const refused = {
    kind: 'content' as const,
    isError: true,
    content: [{ type: 'text' as const, text: `not authorised: ${missing.join(', ')} not set in this server's environment` }],
  };
  return { ...behaviour, tools: behaviour.tools?.map(({ outcomes: _, ...tool }) => ({ ...tool, outcome: refused })) };
}
