// What a model request offers of the scenario's tools, found as a model would (the scripted
// model's resolver with the whole catalogue), and, for "not offered" verdicts, any trace of a
// tool at all: a verdict that something is absent must not rest on the resolver alone.
import type { ModelApi, ModelRequestRecord, OfferedTool } from '../../fake-servers/model/request.js';
import { resolveReachable } from '../../fake-servers/model/bridges.js';
import type { Observations } from './observations.js';

export const functionsOf = (r: ModelRequestRecord): OfferedTool[] => r.tools.filter((t) => t.type === 'function');
export const label = (t: OfferedTool): string => (t.namespace === undefined ? t.name : `${t.namespace}.${t.name}`);

/** How a tool reachable only through a bridge is offered: `type: "bridged"`, the name the bridge takes, its text listing as description, no schema (docs/acp-hosts.md). */
export const BRIDGED = 'bridged';

/**
 * The function request `r` offers for (server, tool), found as a model would; a reason when none.
 * A tool the host lists only in text, reached through one of its bridges, is offered under the
 * name the bridge takes for it, with its listing line as description and no schema of its own.
 */
export function offeredAs(obs: Observations, r: ModelRequestRecord, server: string, tool: string): OfferedTool | string {
  const found = resolveReachable(r, obs.host.bridges ?? [], server, tool, { catalogue: obs.catalogue });
  if (!found.ok) return found.reason;
  const { bridged } = found;
  if (bridged !== null) return { type: BRIDGED, name: bridged.targetName, description: bridged.line, parameters: undefined, strict: bridged.function.strict };
  return functionsOf(r).find((t) => t.name === found.name && t.namespace === found.namespace) ?? 'resolved name vanished';
}

/**
 * Whether a function is offered strict (EXPOSE-4), by the rule of the model API its request
 * came in, with that rule in words: on the OpenAI Responses API an omitted `strict` means strict
 * (the API enforces the schema); on Chat Completions and Anthropic Messages an omitted `strict`
 * means not strict, and only `strict: true` is; Gemini has no strict mode at all (`strict: null`:
 * the rule does not apply).
 */
export function strictIn(api: ModelApi, strict: boolean | null): { strict: boolean | null; rule: string } {
  switch (api) {
    case 'responses':
      return strict === null
        ? { strict: true, rule: 'strict omitted: the Responses API then enforces the schema' }
        : { strict, rule: `strict: ${String(strict)}` };
    case 'chat':
      return { strict: strict === true, rule: strict === null ? 'strict omitted: on Chat Completions that is not strict' : `strict: ${String(strict)}` };
    case 'anthropic':
      return { strict: strict === true, rule: strict === null ? 'strict omitted: on Anthropic Messages that is not strict' : `strict: ${String(strict)}` };
    case 'gemini':
      return { strict: null, rule: 'the Gemini API has no strict mode: no function of it can be marked strict' };
  }
}

/** The server's tools (by original name) that request `r` offers. */
export function offeredOf(obs: Observations, r: ModelRequestRecord, server: string): string[] {
  return obs.catalogue.filter((e) => e.server === server && typeof offeredAs(obs, r, server, e.tool) !== 'string').map((e) => e.tool);
}

const squash = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, '');
/** Names and descriptions this short say too little to be a trace of one tool. */
const MIN_NAME = 8;
const MIN_DESCRIPTION = 12;

/**
 * Functions of request `r` that show any trace of (server, tool): found as a model would, or
 * holding its (distinctive) name, or its server's own (distinctive) description text.
 */
export function tracesOf(obs: Observations, r: ModelRequestRecord, server: string, tool: string): string[] {
  const name = squash(tool);
  const own = obs.catalogue.find((e) => e.server === server && e.tool === tool)?.description?.trim() ?? '';
  // A description another tool of the scenario holds too ("Generated tool 0.") traces neither.
  const shared = obs.catalogue.some((e) => !(e.server === server && e.tool === tool) && (e.description ?? '').includes(own));
  const description = shared ? '' : own;
  const found = offeredAs(obs, r, server, tool);
  const traced = functionsOf(r).filter(
    (t) =>
      (name.length >= MIN_NAME && squash(label(t)).includes(name)) || (description.length >= MIN_DESCRIPTION && (t.description ?? '').includes(description)),
  );
  return [...new Set([...(typeof found === 'string' ? [] : [label(found)]), ...traced.map(label)])];
}

/** Traces of any tool of `server` in request `r`. */
export function serverTraces(obs: Observations, r: ModelRequestRecord, server: string): string[] {
  return [...new Set(obs.catalogue.filter((e) => e.server === server).flatMap((e) => tracesOf(obs, r, server, e.tool)))];
}
