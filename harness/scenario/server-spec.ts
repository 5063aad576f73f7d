// How a scenario's server entry becomes something runnable, shared by the runner (which
// starts it in a sandbox) and `serve --scenario` (which starts it for a person to point a
// host at): canary placeholders, trap placeholders and the behaviour itself.
import type { ServerBehaviour } from '../../fake-servers/mcp/behaviour.js';
import type { CanaryRegistry, Channel } from '../sandbox/canaries.js';
import type { FixtureContext, ServerSpec } from './scenario-schema.js';

/** Replaces "{canary}" in each value by a fresh canary that only `channels` may hold. */
export function withCanaries(
  canaries: CanaryRegistry,
  owner: string,
  kind: 'header' | 'env',
  values: Record<string, string> = {},
  channels: Channel[] = [],
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      value.includes('{canary}') ? value.replaceAll('{canary}', canaries.mint(`server "${owner}" ${kind} ${key}`, channels).value) : value,
    ]),
  );
}

/** Replaces "{canary}" in a stdio server's stderr text by a fresh canary allowed nowhere (STDIO-4: discarded). */
export function withStderrCanary(canaries: CanaryRegistry, owner: string, behaviour: ServerBehaviour): ServerBehaviour {
  const text = behaviour.stdio?.stderrText;
  if (text === undefined || !text.includes('{canary}')) return behaviour;
  return { ...behaviour, stdio: { ...behaviour.stdio, stderrText: text.replaceAll('{canary}', canaries.mintMarker(`server "${owner}" stderr`).value) } };
}

/** Fills "{trap}" (origin) and "{trapPort}" in a raw URL or command word. */
export const withTrap = (text: string, trapOrigin: string): string =>
  text.replaceAll('{trap}', trapOrigin).replaceAll('{trapPort}', new URL(trapOrigin).port);

/** The fake server's behaviour for a non-raw entry; the legacy SSE transport is an HTTP flavour. */
export function behaviourOf(spec: Exclude<ServerSpec, { raw: unknown }>, ctx: FixtureContext): ServerBehaviour {
  const built = typeof spec.behaviour === 'function' ? spec.behaviour(ctx) : spec.behaviour;
  return spec.transport === 'sse' ? { ...built, http: { ...built.http, flavour: 'sse' } } : built;
}
