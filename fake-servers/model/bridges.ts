// Bridge tools (EXPOSE-1, APPROVE-*): some hosts do not declare MCP tools as functions but list
// them by name in the request's text ("deferred") and let the model reach them through one
// function of their own (Qwen Code: `tool_call {name: "mcp__<server>__<tool>", arguments}`).
// A model can call such a tool only when the request offers the bridge function and names the
// target in its text: nothing else counts as reaching it.
import { z } from 'zod';
import type { ModelRequestRecord, OfferedTool } from './request.js';

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
  /** The target's name as the bridge takes it (the template filled). */
  targetName: string;
}

export const bridgeTargetName = (bridge: Bridge, server: string, tool: string): string => bridge.target.replaceAll('{server}', server).replaceAll('{tool}', tool);

/** Every string inside a value, in order. */
const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Array.isArray(value) ? value.flatMap(strings) : value !== null && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];

/** Everything the request says in text besides its function list (instructions, messages, system reminders). */
export function requestText(request: Pick<ModelRequestRecord, 'instructions' | 'input'>): string {
  return [request.instructions ?? '', ...strings(request.input)].join('\n');
}

/** The line of the request's text that lists the target (its deferred entry: name and description), or null. */
export function listingLine(request: Pick<ModelRequestRecord, 'instructions' | 'input'>, targetName: string): string | null {
  return requestText(request).split('\n').find((l) => l.includes(targetName)) ?? null;
}

/** The first bridge the request offers as a top-level function and whose target name its text holds; null when none. */
export function resolveBridged(request: Pick<ModelRequestRecord, 'instructions' | 'input' | 'tools'>, bridges: readonly Bridge[], server: string, tool: string): BridgedTarget | null {
  const text = requestText(request);
  for (const bridge of bridges) {
    const fn = request.tools.find((t) => t.type === 'function' && t.namespace === undefined && t.name === bridge.tool);
    const targetName = bridgeTargetName(bridge, server, tool);
    if (fn !== undefined && text.includes(targetName)) return { bridge, function: fn, targetName };
  }
  return null;
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
