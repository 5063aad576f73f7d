// Bridge tools (EXPOSE-1, APPROVE-*): some hosts do not declare MCP tools as functions but list
// them by name in the request's text ("deferred") and let the model reach them through one
// function of their own (Qwen Code: `tool_call {name: "mcp__<server>__<tool>", arguments}`).
// A model can call such a tool only when the request offers the bridge function and names the
// target in its text: nothing else counts as reaching it.
import { z } from 'zod';
import type { ModelRequestRecord, OfferedTool } from './request.js';
import { resolveMcpTarget, type ResolveContext } from './tool-resolution.js';

export const BridgeSchema = z.strictObject({
  /** The bridge's own function name. */
  tool: z.string().min(1),
  /** The argument naming the target. */
  nameArgument: z.string().min(1),
  /** The target's name, with {server} and {tool}. */
  target: z.string().min(1),
  /** The argument carrying the target's own arguments. */
  argumentsArgument: z.string().min(1),
});
export type Bridge = z.infer<typeof BridgeSchema>;

/** A target reachable only through a bridge: the function called and the name the target goes by. */
export interface BridgedTarget {
  bridge: Bridge;
  function: OfferedTool;
  /** The target's name as the request's text lists it (the name the bridge takes). */
  targetName: string;
  /** The line of the text that lists it (its deferred entry: name and description). */
  line: string;
}

/** What a name in a listing is made of; quotes, spaces, commas and colons end it. */
const NAME_TOKEN = /[A-Za-z0-9_./-]+/g;

/** The bridge's target template as a whole-name pattern: `{server}` and `{tool}` stand for any name part. */
function targetShape(bridge: Bridge): RegExp {
  const parts = bridge.target.split(/(\{server\}|\{tool\})/).map((p) => (p === '{server}' || p === '{tool}' ? '.+' : p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${parts.join('')}$`);
}

/** Every string inside a value, in order. */
const strings = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(strings)
      : value !== null && typeof value === 'object'
        ? Object.values(value).flatMap(strings)
        : [];

/** Everything the request says in text besides its function list (instructions, messages, system reminders). */
export function requestText(request: Pick<ModelRequestRecord, 'instructions' | 'input'>): string {
  return [request.instructions ?? '', ...strings(request.input)].join('\n');
}

/**
 * Every name the request's text lists in the shape of the target of a bridge it offers as a
 * top-level function (Qwen: `- "mcp__docs__notes_find_1fu25ca": "…"`), as the host spelled it:
 * a host may make names safe or add suffixes, so the template gives only the shape, never the name.
 */
export function listedTargets(request: Pick<ModelRequestRecord, 'instructions' | 'input' | 'tools'>, bridges: readonly Bridge[]): BridgedTarget[] {
  const found: BridgedTarget[] = [];
  const lines = bridges.length === 0 ? [] : requestText(request).split('\n');
  for (const bridge of bridges) {
    const fn = request.tools.find((t) => t.type === 'function' && t.namespace === undefined && t.name === bridge.tool);
    if (fn === undefined) continue;
    const shape = targetShape(bridge);
    for (const line of lines) {
      for (const [token] of line.matchAll(NAME_TOKEN)) {
        // A sentence may end right after a name.
        const targetName = token.replace(/[./-]+$/, '');
        if (shape.test(targetName) && !found.some((f) => f.targetName === targetName)) found.push({ bridge, function: fn, targetName, line });
      }
    }
  }
  return found;
}

/** What a model can call for a target: a function of its own, or a listed name through a bridge. */
export type Reachable = { ok: true; name: string; namespace?: string; bridged: BridgedTarget | null } | { ok: false; reason: string };

/**
 * Finds (server, tool) among the request's functions and the names its text lists for its
 * bridges together, as a model would (tool-resolution.ts): the best fit wins, so a listed
 * `mcp__alpha__read_file` beats a built-in `read_file` for alpha/read_file. A listed name that
 * is also a function of its own is that function.
 */
export function resolveReachable(
  request: Pick<ModelRequestRecord, 'instructions' | 'input' | 'tools'>,
  bridges: readonly Bridge[],
  server: string,
  tool: string,
  ctx: ResolveContext = {},
): Reachable {
  const own = new Set(request.tools.filter((t) => t.type === 'function' && t.namespace === undefined).map((t) => t.name));
  const listed = listedTargets(request, bridges).filter((l) => !own.has(l.targetName));
  const candidates: OfferedTool[] = [
    ...request.tools,
    ...listed.map((l) => ({ type: 'function', name: l.targetName, description: l.line, parameters: undefined, strict: l.function.strict })),
  ];
  const found = resolveMcpTarget(candidates, server, tool, ctx);
  if (!found.ok) return found;
  const bridged = found.namespace === undefined ? (listed.find((l) => l.targetName === found.name) ?? null) : null;
  return { ...found, bridged };
}

/** The bridge call's arguments: the target's name and its own arguments (a JSON string is passed parsed). */
export function bridgeArguments(bridged: BridgedTarget, args: Record<string, unknown> | string): string {
  let inner: unknown = args;
  if (typeof args === 'string') {
    try {
      inner = JSON.parse(args);
    } catch {
      inner = args;
    }
  }
  return JSON.stringify({ [bridged.bridge.nameArgument]: bridged.targetName, [bridged.bridge.argumentsArgument]: inner });
}
