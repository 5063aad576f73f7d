// How a scenario's server entry becomes something runnable, shared by the runner (which
// starts it in a sandbox) and `serve --scenario` (which starts it for a person to point a
// host at): canary placeholders, trap placeholders and the behaviour itself.
import type { ServerBehaviour } from '../../fake-servers/mcp/behaviour.js';
import { envPlaceholder } from '../../fake-servers/mcp/env-placeholders.js';
import { MODERN_REVISION, type ProtocolOffer } from '../../fake-servers/mcp/protocol-revision.js';
import type { CanaryRegistry, Channel } from '../sandbox/canaries.js';
import type { FixtureContext, ServerSpec } from './scenario-schema.js';

/**
 * Replaces "{canary}" in each value by a fresh canary that only `channels` may hold,
 * "{short-canary}" by a 32-character one (shorter than a whole canary, as real tokens are),
 * and a whole value "{extends:KEY}" by one that begins with the value of KEY (given before it).
 */
export function withCanaries(
  canaries: CanaryRegistry,
  owner: string,
  kind: 'header' | 'env',
  values: Record<string, string> = {},
  channels: Channel[] = [],
): Record<string, string> {
  const label = (key: string): string => `server "${owner}" ${kind} ${key}`;
  const filled: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    const extended = /^\{extends:(.+)\}$/.exec(value)?.[1];
    const prefix = extended === undefined ? undefined : filled[extended];
    if (extended !== undefined && prefix === undefined) throw new Error(`${label(key)}: {extends:${extended}} names no value given before it`);
    filled[key] =
      prefix !== undefined
        ? canaries.mintExtending(label(key), channels, prefix).value
        : value
            .replaceAll('{canary}', () => canaries.mint(label(key), channels).value)
            .replaceAll('{short-canary}', () => canaries.mintShort(label(key), channels).value);
  }
  return filled;
}

/** In a behaviour's texts: the server's own credentials, space-separated (CRED-3: a server echoing them back). */
export const OWN_CREDENTIALS = '{own-credentials}';

/**
 * What OWN_CREDENTIALS stands for: an HTTP server's canaries themselves (it runs in the
 * harness); for a stdio server, placeholders of its configured variables, filled in by the
 * server from its environment, since its behaviour travels in argv, which a host may show.
 */
export function ownCredentials(canaries: CanaryRegistry, owner: string, spec: Exclude<ServerSpec, { raw: unknown }>): string[] {
  if (spec.transport === 'stdio') return Object.keys(spec.env ?? {}).map(envPlaceholder);
  return canaries
    .all()
    .filter((c) => c.marker !== true && c.label.startsWith(`server "${owner}" `))
    .map((c) => c.value);
}

/** Fills OWN_CREDENTIALS in every string of the behaviour with `own`. */
export function withOwnCredentials(behaviour: ServerBehaviour, own: readonly string[]): ServerBehaviour {
  const json = JSON.stringify(behaviour);
  if (!json.includes(OWN_CREDENTIALS)) return behaviour;
  const text = JSON.stringify(own.join(' ')).slice(1, -1);
  return JSON.parse(json.replaceAll(OWN_CREDENTIALS, () => text)) as ServerBehaviour;
}

/** Replaces "{canary}" in a stdio server's stderr text by a fresh canary allowed nowhere (STDIO-4: discarded). */
export function withStderrCanary(canaries: CanaryRegistry, owner: string, behaviour: ServerBehaviour): ServerBehaviour {
  const text = behaviour.stdio?.stderrText;
  if (text === undefined || !text.includes('{canary}')) return behaviour;
  return { ...behaviour, stdio: { ...behaviour.stdio, stderrText: text.replaceAll('{canary}', canaries.mintMarker(`server "${owner}" stderr`).value) } };
}

/** Fills "{trap}" (origin) and "{trapPort}" in a raw URL or command word. */
export const withTrap = (text: string, trapOrigin: string): string => text.replaceAll('{trap}', trapOrigin).replaceAll('{trapPort}', new URL(trapOrigin).port);

/**
 * A behaviour pinned to the revision(s) a scenario or the run asks for. Legacy SSE servers
 * keep theirs (that transport exists only up to 2025-11-25); a server pinned to 2026-07-28
 * alone loses its session mode (that revision has none).
 */
function withProtocol(behaviour: ServerBehaviour, transport: 'http' | 'stdio' | 'sse', pin: ProtocolOffer | undefined): ServerBehaviour {
  if (pin === undefined || transport === 'sse') return behaviour;
  if (pin !== MODERN_REVISION || behaviour.http?.session === undefined) return { ...behaviour, protocol: pin };
  const { session: _session, ...http } = behaviour.http;
  return { ...behaviour, protocol: pin, http };
}

/** The fake server's behaviour for a non-raw entry, pinned to the scenario's `protocol` when it
 *  has one; the legacy SSE transport is an HTTP flavour. */
export function behaviourOf(spec: Exclude<ServerSpec, { raw: unknown }>, ctx: FixtureContext, pin?: ProtocolOffer): ServerBehaviour {
  const built = withProtocol(typeof spec.behaviour === 'function' ? spec.behaviour(ctx) : spec.behaviour, spec.transport, pin);
  return spec.transport === 'sse' ? { ...built, http: { ...built.http, flavour: 'sse' } } : built;
}
