// APPROVE-5, APPROVE-6, RESULT-*: which approval request, and which tool output, is about which
// call. A host may ask for and run the calls of one response in any order (APPROVE-6 makes them
// one after another, not ordered), so a check finds what is about a call by what it shows of
// that call (its arguments, the name the host offered for it, its server or tool), never by
// its place in a list.
import type { Observations } from './observations.js';
import { label, offeredAs } from './offered-tools.js';

/** A call the model asked for, as the scenario's model script names it: an MCP tool's, or a built-in's (a resource read). */
export type McpCall = { server: string; tool: string; arguments: Record<string, unknown> | string };
export type AskedCall = McpCall | { builtin: string; arguments: Record<string, unknown> | string };

const nameOf = (c: AskedCall): string => ('builtin' in c ? c.builtin : `${c.server} ${c.tool}`);

/** The calls a check is about (`about`), among every call the model asked for in the scenario (`all`). */
export interface CallsAbout {
  about: readonly AskedCall[];
  all: readonly AskedCall[];
}

/** The calls of `all` that `pick` chooses, with `all` kept to tell them from the others. */
export const callsAbout = <T extends AskedCall>(all: readonly T[], pick: (call: T) => boolean): CallsAbout => ({ about: all.filter(pick), all });

/** Call #index (0-based) of `all`, told from the others by what is shown of it, not by its place. */
export const callOf = (all: readonly AskedCall[], index: number): CallsAbout => callsAbout(all, (c) => c === all[index]);

/** Argument values this short say too little to tell one call from another. */
const MIN_VALUE = 4;

export const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `name` stands in `text` on its own (not inside a longer name such as mcp_docs_notes_find). */
export const standsAlone = (text: string, name: string): boolean => new RegExp(`(^|[^\\w.-])${escapeRegex(name)}($|[^\\w-]|\\.(?!\\w))`).test(text);

/** Every string inside a JSON value (an argument object's values, at any depth). */
export function stringLeaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringLeaves);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(stringLeaves);
  return [];
}

/** A thing a confirmation may show of a call: a name standing alone, or an argument value (as written or JSON-escaped). */
interface Trait {
  key: string;
  /** The argument value, for value traits. */
  value?: string;
  shownIn: (text: string) => boolean;
}

function traitsOf(obs: Observations, call: AskedCall): Trait[] {
  const args = typeof call.arguments === 'string' ? [call.arguments] : stringLeaves(call.arguments);
  const values = args
    .filter((v) => v.length >= MIN_VALUE)
    .map((v) => ({ key: `value:${v}`, value: v, shownIn: (t: string) => t.includes(v) || t.includes(JSON.stringify(v).slice(1, -1)) }));
  // A built-in (read_mcp_resource) is told by its arguments: its name is the same for every read.
  if ('builtin' in call) return values;
  const offered = obs.modelRequests.flatMap((r) => {
    const found = offeredAs(obs, r, call.server, call.tool);
    return typeof found === 'string' ? [] : [label(found), found.name];
  });
  const names = [...new Set([call.server, call.tool, ...offered])]
    .filter((n) => n !== '')
    .map((n) => ({ key: `name:${n}`, shownIn: (t: string) => standsAlone(t, n) }));
  return [...values, ...names];
}

/** Everything an approval request showed: its text and the fields its adapter read. */
const shownText = (a: Observations['approvals'][number]): string => [a.text, ...Object.values(a.fields)].join('\n');

/**
 * Of `texts`, the first that shows something of `calls.about` and nothing only the other calls
 * have; else the first showing something of them (one listing several calls); null when none does.
 */
function firstAbout(obs: Observations, calls: CallsAbout, texts: readonly string[]): number | null {
  const own = calls.about.flatMap((c) => traitsOf(obs, c));
  const ownKeys = new Set(own.map((t) => t.key));
  const others = calls.all.filter((c) => !calls.about.includes(c)).flatMap((c) => traitsOf(obs, c));
  const otherKeys = new Set(others.map((t) => t.key));
  // A value inside another call's value (a run of padding shorter than the other's) tells neither apart.
  const overlaps = (t: Trait, side: readonly Trait[]): boolean =>
    t.value !== undefined && side.some((o) => o.value !== undefined && (o.value.includes(t.value ?? '') || (t.value ?? '').includes(o.value)));
  const mine = own.filter((t) => !otherKeys.has(t.key) && !overlaps(t, others));
  const theirs = others.filter((t) => !ownKeys.has(t.key) && !overlaps(t, own));
  const showsMine = (text: string): boolean => mine.some((t) => t.shownIn(text));
  const only = texts.findIndex((text) => showsMine(text) && !theirs.some((t) => t.shownIn(text)));
  const any = texts.findIndex(showsMine);
  return only >= 0 ? only : any >= 0 ? any : null;
}

/** The approval request about one of `calls.about` (its index), or null when none shows anything of them. */
export const confirmationOf = (obs: Observations, calls: CallsAbout): number | null => firstAbout(obs, calls, obs.approvals.map(shownText));

/** The call a tool output answers, as the host's history with the model holds it (name and arguments), or "" when absent. */
function callAnswered(obs: Observations, out: Observations['toolOutputs'][number]): string {
  const item = (obs.modelRequests[out.request]?.input ?? []).find(
    (i): i is { type: 'function_call'; call_id: string; name?: unknown; namespace?: unknown; arguments?: unknown } => {
      const candidate = i as { type?: unknown; call_id?: unknown } | null;
      return candidate?.type === 'function_call' && candidate.call_id === out.callId;
    },
  );
  if (item === undefined) return '';
  // A namespaced function (Codex: mcp__web__ . over) is offered, and so found, as namespace.name.
  const name = typeof item.namespace === 'string' ? `${item.namespace}.${String(item.name ?? '')}` : String(item.name ?? '');
  return `${name}\n${typeof item.arguments === 'string' ? item.arguments : JSON.stringify(item.arguments ?? '')}`;
}

/**
 * The tool output answering one of `calls.about` (its index in obs.toolOutputs), found by the call
 * the host's history pairs it with; null when none. A host that sends no history (a server-side
 * conversation) pairs nothing: its outputs are taken in the order the model asked for the calls.
 */
export function outputOf(obs: Observations, calls: CallsAbout): number | null {
  const answered = obs.toolOutputs.map((o) => callAnswered(obs, o));
  if (answered.every((a) => a === '')) {
    const place = calls.all.findIndex((c) => calls.about.includes(c));
    return place >= 0 && place < obs.toolOutputs.length ? place : null;
  }
  return firstAbout(obs, calls, answered);
}

/** How a check names the calls it is about, for its observed line: "call #1 (docs notes.find)". */
export const describeCalls = (calls: CallsAbout): string => calls.about.map((c) => `call #${calls.all.indexOf(c) + 1} (${nameOf(c)})`).join(' or ');

/** A tool output named by its place (a response of one call) or by the call it answers (a response of several). */
export type OutputRef = number | CallsAbout;

/** The tool output `ref` names, and how a check's observed line calls it. */
export function outputAt(obs: Observations, ref: OutputRef): { out: Observations['toolOutputs'][number] | undefined; name: string } {
  if (typeof ref === 'number') return { out: obs.toolOutputs[ref], name: `tool output #${ref + 1}` };
  const index = outputOf(obs, ref);
  return { out: index === null ? undefined : obs.toolOutputs[index], name: `the output of ${describeCalls(ref)}` };
}

/** The tool outputs answering each of `refs`, in that order; `missing` names the first never seen. */
export function outputsOf(obs: Observations, refs: readonly CallsAbout[]): { outs: Observations['toolOutputs']; missing: string | null } {
  const found = refs.map((r) => outputAt(obs, r));
  const missing = found.find((f) => f.out === undefined);
  return { outs: found.flatMap((f) => (f.out === undefined ? [] : [f.out])), missing: missing === undefined ? null : missing.name };
}
