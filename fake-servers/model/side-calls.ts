// Requests a host makes beside the conversation (titles, routing or next-speaker JSON calls,
// token counts, quota probes) are answered plausibly without consuming a script step, so one
// script drives every host whatever it asks on the side. Decided only by the request's shape
// and data, never by which host sent it. Checks of EXPOSE-*, RESULT-* and APPROVE-* count the
// script turns, so a host's extra requests must not shift them; CRED-2 still scans them.
import { z } from 'zod';
import type { RouteKind, SideSignals } from './apis/wire-api.js';
import type { RequestSummary } from './request.js';
import type { ModelTurn } from './script.js';

/**
 * Extra rules a host profile may set. `noTools: true`: a conversation request that offers no
 * tools is a side call (a host that titles its sessions with a tool-less request first).
 */
export const SideCallRuleSchema = z.strictObject({ noTools: z.boolean().optional() });
export type SideCallRule = z.infer<typeof SideCallRuleSchema>;

/** What a text side call (a title, a probe) is answered. */
export const SIDE_CALL_TEXT = 'Scripted session';

/** Why this request is a side call, or null when it is a turn of the script. */
export function sideCallReason(kind: RouteKind, signals: SideSignals, summary: Pick<RequestSummary, 'tools'>, rule: SideCallRule = {}): string | null {
  if (kind === 'count') return 'token count';
  if (signals.json !== undefined) return 'JSON mode';
  if (signals.forcedTool !== undefined) return `forced tool ${signals.forcedTool.name}`;
  if (signals.maxTokens !== undefined && signals.maxTokens <= 1) return `max tokens ${signals.maxTokens}`;
  if (rule.noTools === true && summary.tools.length === 0) return 'no tools offered';
  return null;
}

const object = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** The smallest value a JSON schema accepts, near enough: required properties, first enum values, zeros. */
export function sampleOf(schema: unknown, depth = 0): unknown {
  const s = object(schema);
  if (s === null || depth > 8) return {};
  if ('const' in s) return s['const'];
  if (Array.isArray(s['enum']) && s['enum'].length > 0) return s['enum'][0];
  if ('default' in s) return s['default'];
  const alternative = ['anyOf', 'oneOf', 'allOf'].map((k) => s[k]).find(Array.isArray);
  if (alternative !== undefined && alternative.length > 0) return sampleOf(alternative[0], depth + 1);
  const type = String(Array.isArray(s['type']) ? s['type'][0] : (s['type'] ?? 'object')).toLowerCase();
  if (type === 'string') return '';
  if (type === 'number' || type === 'integer') return 0;
  if (type === 'boolean') return false;
  if (type === 'array') return [];
  if (type === 'null') return null;
  const properties = object(s['properties']) ?? {};
  const names = Array.isArray(s['required']) ? s['required'].filter((n): n is string => typeof n === 'string') : Object.keys(properties);
  return Object.fromEntries(names.map((n) => [n, sampleOf(properties[n], depth + 1)]));
}

/** The answer to a side call of a conversation endpoint. */
export function sideCallTurn(signals: SideSignals): ModelTurn {
  if (signals.forcedTool !== undefined)
    return { calls: [{ name: signals.forcedTool.name, arguments: JSON.stringify(sampleOf(signals.forcedTool.schema)) }], unresolved: [] };
  if (signals.json !== undefined) return { message: JSON.stringify(sampleOf(signals.json.schema)), calls: [], unresolved: [] };
  return { message: SIDE_CALL_TEXT, calls: [], unresolved: [] };
}
