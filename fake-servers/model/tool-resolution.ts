// Finds which offered function a scripted call means, the way a model would (EXPOSE-1,
// EXPOSE-2, EXPOSE-5): the function whose name carries the server's tool name (with any
// prefix, separator, namespace, hash or numeric suffix, or cut to fit a length limit) and
// the server's name, else the one whose description holds the server's own description
// text, else a unique bare tool name. The scenario's whole tool catalogue breaks ties, so
// `docs__search_all` is never taken for docs/search. No host's naming scheme is assumed.
import type { OfferedTool } from './request.js';

export type Resolution = { ok: true; name: string; namespace?: string } | { ok: false; reason: string };

/** One tool a fake server of the scenario offers: what a model knows it is looking for. */
export interface CatalogueEntry {
  server: string;
  tool: string;
  /** The server's own description of the tool, when it has one. */
  description?: string;
  /** The input schema as the server sends it (EXPOSE-4); absent where not known. */
  inputSchema?: unknown;
}

export interface ResolveContext {
  /** The server's description of the target (found inside the offered description). */
  description?: string;
  /** Every tool of the scenario's servers: a function that fits another entry better is not the target. */
  catalogue?: readonly CatalogueEntry[];
}

/** How well a function's name fits a target, strongest first. */
const enum Fit {
  None = 0,
  /** The tool name alone, no server in the name. */
  ToolOnly = 1,
  /** The offered name is exactly the tool name. */
  Bare = 2,
  /** Server segment, then the start of the tool name cut at a length limit (or the whole name before an unknown suffix). */
  Truncated = 3,
  /** Server segment and the whole tool name. */
  Exact = 4,
}

const SEPARATOR = /[^a-z0-9]/;
/** A separator in text that keeps its letter case. */
const CASED_SEPARATOR = /[^A-Za-z0-9]/;
/** Descriptions shorter than this say too little to identify a tool. */
const MIN_DESCRIPTION = 12;
/** A cut tool name keeps at least this much of its start. */
const MIN_TRUNCATED = 8;

/**
 * The spellings a host may give a name: as is, unsafe characters replaced or dropped, by the
 * alphabets model APIs allow (OpenAI and Anthropic: letters, digits, _ and -; Gemini also . and :).
 */
function spellings(text: string): string[] {
  const lower = text.toLowerCase();
  return [
    ...new Set([
      lower,
      lower.replace(/[^a-z0-9]/g, '_'),
      lower.replace(/[^a-z0-9]/g, '-'),
      lower.replace(/[^a-z0-9_-]/g, '_'),
      lower.replace(/[^a-z0-9_.:-]/g, '_'),
      lower.replace(/[^a-z0-9]/g, ''),
    ]),
  ].filter((s) => s.length > 0);
}

/** The name with and without a trailing hash or counter suffix (`_1a2b3c4d`, `-3`, `_2`). */
function stems(name: string): string[] {
  const out = [name];
  const hash = /^(.+?)[_.-]?[0-9a-f]{4,}$/.exec(name);
  if (hash?.[1] !== undefined && /\d/.test(name.slice(hash[1].length))) out.push(hash[1]);
  const counter = /^(.+?)[_-]\d{1,3}$/.exec(name);
  if (counter?.[1] !== undefined) out.push(counter[1]);
  return out;
}

/** A last segment that may be a suffix in a form `stems` does not know (base32, base36: `__inonbh2p`). */
const UNKNOWN_SUFFIX = /^(.*[a-z0-9])[_.-]+[a-z0-9]{6,}$/;

/** `segment` stands in `text` on its own, bounded by separators (`separator`) or the ends. */
function hasSegment(text: string, segment: string, separator = SEPARATOR): boolean {
  for (let at = text.indexOf(segment); at >= 0; at = text.indexOf(segment, at + 1)) {
    const before = at === 0 || separator.test(text[at - 1] ?? '');
    const end = at + segment.length;
    const after = end === text.length || separator.test(text[end] ?? '');
    if (before && after) return true;
  }
  return false;
}

const namesServer = (text: string, server: string): boolean => spellings(server).some((s) => hasSegment(text, s));

/** How one offered name (namespace included) fits (server, tool). */
function nameFit(fullName: string, server: string, tool: string): Fit {
  let best = Fit.None;
  const raise = (fit: Fit): void => void (best = Math.max(best, fit) as Fit);
  for (const stem of stems(fullName.toLowerCase())) {
    for (const t of spellings(tool)) {
      if (stem === t) raise(Fit.Bare);
      if (stem.length > t.length && stem.endsWith(t) && SEPARATOR.test(stem[stem.length - t.length - 1] ?? '')) {
        raise(namesServer(stem.slice(0, stem.length - t.length - 1), server) ? Fit.Exact : Fit.ToolOnly);
      }
      if (stem.length > t.length && stem.startsWith(t) && SEPARATOR.test(stem[t.length] ?? '')) {
        raise(namesServer(stem.slice(t.length + 1), server) ? Fit.Exact : Fit.ToolOnly);
      }
      // Cut to fit a length limit: the server segment and only the start of the tool name, either way round.
      for (let keep = t.length - 1; keep >= MIN_TRUNCATED; keep--) {
        const part = t.slice(0, keep);
        const serverFirst =
          stem.endsWith(part) && SEPARATOR.test(stem[stem.length - keep - 1] ?? '') && namesServer(stem.slice(0, stem.length - keep - 1), server);
        const toolFirst = stem.startsWith(part) && SEPARATOR.test(stem[keep] ?? '') && namesServer(stem.slice(keep + 1), server);
        if (serverFirst || toolFirst) {
          raise(Fit.Truncated);
          break;
        }
      }
    }
  }
  // Server and tool (whole or cut) before an unrecognised suffix: a match, but weaker than a
  // whole one, so `docs__search_all` still fits search_all better than search.
  const unsuffixed = UNKNOWN_SUFFIX.exec(fullName.toLowerCase())?.[1];
  if (best < Fit.Truncated && unsuffixed !== undefined && nameFit(unsuffixed, server, tool) >= Fit.Truncated) raise(Fit.Truncated);
  return best;
}

const fullName = (t: OfferedTool): string => (t.namespace === undefined ? t.name : `${t.namespace}.${t.name}`);

interface Scored {
  tool: OfferedTool;
  fit: Fit;
  /** The offered description holds the server's own description text. */
  describes: boolean;
  /** The offered description names the server and the tool. */
  labelled: boolean;
}

function score(t: OfferedTool, server: string, tool: string, description: string | undefined): Scored {
  const text = (t.description ?? '').toLowerCase();
  const describes = description !== undefined && description.trim().length >= MIN_DESCRIPTION && (t.description ?? '').includes(description.trim());
  const labelled = namesServer(text, server) && spellings(tool).some((s) => hasSegment(text, s));
  return { tool: t, fit: nameFit(fullName(t), server, tool), describes, labelled };
}

/** Higher is a better match; description evidence only breaks ties between equal name fits. */
const rank = (s: Scored): number => s.fit * 4 + (s.describes ? 2 : 0) + (s.labelled ? 1 : 0);

/** Keeps the best-ranked; null when nothing fits at all. */
function best(scored: Scored[]): Scored[] {
  const top = Math.max(0, ...scored.map(rank));
  return top === 0 ? [] : scored.filter((s) => rank(s) === top);
}

/** Drops functions that fit another catalogue entry better than this target. */
function notBetterElsewhere(pool: Scored[], server: string, tool: string, catalogue: readonly CatalogueEntry[]): Scored[] {
  return pool.filter((s) =>
    catalogue.every((e) => (e.server === server && e.tool === tool) || rank(score(s.tool, e.server, e.tool, e.description)) <= rank(s)),
  );
}

/**
 * Among equally good candidates, those that spell the tool in its own letter case, in the name
 * or the label: a model reads "Export" and "export" as two tools. All of them when none does.
 */
function sameCase(candidates: Scored[], tool: string): Scored[] {
  const spelled = candidates.filter((s) => hasSegment(fullName(s.tool), tool, CASED_SEPARATOR) || hasSegment(s.tool.description ?? '', tool, CASED_SEPARATOR));
  return spelled.length > 0 ? spelled : candidates;
}

function answer(tool: OfferedTool): Resolution {
  return tool.namespace === undefined ? { ok: true, name: tool.name } : { ok: true, name: tool.name, namespace: tool.namespace };
}

/** Resolves (server, original tool name) against the functions of one request. */
export function resolveMcpTarget(tools: readonly OfferedTool[], server: string, tool: string, ctx: ResolveContext = {}): Resolution {
  const functions = tools.filter((t) => t.type === 'function');
  const description = ctx.description ?? ctx.catalogue?.find((e) => e.server === server && e.tool === tool)?.description;
  const scored = functions.map((t) => score(t, server, tool, description));
  // A name with the tool but without the server, or an opaque name, counts only when the description backs it.
  const eligible = scored.filter((s) => s.fit >= Fit.Bare || s.describes || s.labelled);
  const candidates = sameCase(notBetterElsewhere(best(eligible), server, tool, ctx.catalogue ?? []), tool);
  const [only] = candidates;
  if (only !== undefined && candidates.length === 1) return answer(only.tool);
  if (candidates.length > 1)
    return { ok: false, reason: `ambiguous: ${candidates.map((s) => fullName(s.tool)).join(', ')} all match server "${server}" tool "${tool}"` };
  return { ok: false, reason: `no offered function matches server "${server}" tool "${tool}"; offered: ${functions.map(fullName).join(', ') || '(none)'}` };
}

/** Resolves a built-in tool by its exact top-level name. */
export function resolveBuiltin(tools: readonly OfferedTool[], name: string): Resolution {
  const found = tools.find((t) => t.type === 'function' && t.namespace === undefined && t.name === name);
  if (found) return answer(found);
  const offered =
    tools
      .filter((t) => t.type === 'function')
      .map(fullName)
      .join(', ') || '(none)';
  return { ok: false, reason: `no offered built-in function named "${name}"; offered: ${offered}` };
}
