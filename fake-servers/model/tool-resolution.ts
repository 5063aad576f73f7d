// Finds which offered function a scripted call means, whatever naming the host under test
// uses (EXPOSE-1, EXPOSE-2, EXPOSE-5): mcp_<s>_<t>, mcp__<s>__<t>, hash-suffixed names,
// Codex-style namespaces, and the origin label in the description as the last resort.
import type { OfferedTool } from './request.js';

export type Resolution =
  | { ok: true; name: string; namespace?: string }
  | { ok: false; reason: string };

/** The Responses API's name alphabet; anything else is what a host would have replaced. */
const sanitise = (text: string): string => text.replace(/[^a-zA-Z0-9_-]/g, '_');
const MAX_NAME = 64;
const HASH_SUFFIX = /^(.+)_[0-9a-fA-F]{8}$/;

function matchesByName(tool: OfferedTool, server: string, name: string): boolean {
  if (tool.namespace !== undefined) {
    // Codex replaces characters outside the API's alphabet inside its namespaces.
    return (tool.name === name || tool.name === sanitise(name)) && [`mcp__${server}`, `mcp_${server}`, server].includes(tool.namespace);
  }
  if (tool.name === `mcp_${server}_${name}` || tool.name === `mcp__${server}__${name}`) return true;
  const stem = HASH_SUFFIX.exec(tool.name)?.[1];
  if (stem === undefined) return false;
  const full = `mcp_${sanitise(server)}_${sanitise(name)}`;
  // A name at the length limit may have been truncated before the suffix was added.
  return stem === full || (tool.name.length === MAX_NAME && full.startsWith(stem) && stem.startsWith(`mcp_${sanitise(server)}_`));
}

const hasLabel = (tool: OfferedTool, server: string, name: string): boolean =>
  tool.description?.includes(`[MCP server ${server}, tool ${name}]`) ?? false;

const label = (tool: OfferedTool): string => (tool.namespace === undefined ? tool.name : `${tool.namespace}.${tool.name}`);

function answer(tool: OfferedTool): Resolution {
  return tool.namespace === undefined ? { ok: true, name: tool.name } : { ok: true, name: tool.name, namespace: tool.namespace };
}

/** Resolves (server, original tool name) against the functions of one request. */
export function resolveMcpTarget(tools: readonly OfferedTool[], server: string, name: string): Resolution {
  const functions = tools.filter((t) => t.type === 'function');
  const byName = functions.filter((t) => matchesByName(t, server, name));
  const byLabel = (pool: OfferedTool[]): OfferedTool[] => pool.filter((t) => hasLabel(t, server, name));
  const candidates = byName.length === 1 ? byName : byLabel(byName.length > 1 ? byName : functions);
  const [only] = candidates;
  if (only !== undefined && candidates.length === 1) return answer(only);
  if (candidates.length > 1 || byName.length > 1) {
    const pool = candidates.length > 1 ? candidates : byName;
    return { ok: false, reason: `ambiguous: ${pool.map(label).join(', ')} all match server "${server}" tool "${name}"` };
  }
  const offered = functions.map(label).join(', ') || '(none)';
  return { ok: false, reason: `no offered function matches server "${server}" tool "${name}"; offered: ${offered}` };
}

/** Resolves a built-in tool by its exact top-level name. */
export function resolveBuiltin(tools: readonly OfferedTool[], name: string): Resolution {
  const found = tools.find((t) => t.type === 'function' && t.namespace === undefined && t.name === name);
  if (found) return answer(found);
  const offered = tools.filter((t) => t.type === 'function').map(label).join(', ') || '(none)';
  return { ok: false, reason: `no offered built-in function named "${name}"; offered: ${offered}` };
}
