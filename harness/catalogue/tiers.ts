// How much a guarantee's breach weighs (issue 25): four tiers, so a maintainer reads the
// specification's own requirements and the breaches that expose the user apart from this
// catalogue's stricter contract. A guarantee some MCP specification sentence asks has its tier
// from that sentence (its sources); the others are placed here by hand, each with why.
import { z } from 'zod';
import type { GuaranteeSources } from './source-schema.js';

/**
 * spec-must: a MUST / MUST NOT sentence of the MCP specification asks it. spec-should: a SHOULD
 * sentence or a Key Principle asks it. safety: the catalogue's own rule, whose breach exposes the
 * user (approval, credentials, network, processes, injection). contract: the catalogue's own
 * behaviour (exact numbers, the unknown-outcome gate, statuses, wording, robustness).
 */
export const TIERS = ['spec-must', 'spec-should', 'safety', 'contract'] as const;
export const TierSchema = z.enum(TIERS);
export type Tier = z.infer<typeof TierSchema>;

export const TIER_TITLES: Readonly<Record<Tier, string>> = {
  'spec-must': 'spec MUST',
  'spec-should': 'spec SHOULD',
  safety: 'safety',
  contract: 'contract',
};

/** The tiers a report leads with: what the specification asks and what exposes the user. */
export const DEFAULT_VIEW: readonly Tier[] = ['spec-must', 'spec-should', 'safety'];

type OwnTier = { tier: 'safety' | 'contract'; why: string };

const SAFETY = (why: string): OwnTier => ({ tier: 'safety', why });
const CONTRACT = (why: string): OwnTier => ({ tier: 'contract', why });

/** Guarantees no specification sentence asks: safety when a breach exposes the user, else contract. */
const OWN_TIERS: Readonly<Record<string, OwnTier>> = {
  'DISCOVER-1': CONTRACT('when and how often servers are connected is start-up behaviour; a breach costs time, not safety'),
  'DISCOVER-4': CONTRACT('a broken server taking others down is a robustness defect; it exposes nothing'),
  'DISCOVER-5': SAFETY('a tool set that changes silently lets a server swap what the user approved to (a rug pull)'),
  'DISCOVER-6': CONTRACT("when the first connection happens is this catalogue's choice"),
  'EXPOSE-2': CONTRACT('the name pattern and its hash suffixes are interoperability rules with model APIs'),
  'EXPOSE-3': CONTRACT('stable names across starts keep saved sessions readable; nothing is exposed'),
  'EXPOSE-4': CONTRACT('the schema passed verbatim and not strict is interoperability, not safety'),
  'EXPOSE-5': CONTRACT("the wording of the origin note is this catalogue's own"),
  'EXPOSE-6': SAFETY('server text among the system instructions is the strongest prompt injection a server can make'),
  'APPROVE-2': SAFETY("one approval standing for later calls lets the model act without the user's consent"),
  'APPROVE-3': SAFETY('an empty answer, end of input or anything but yes that approves lets calls run unasked'),
  'APPROVE-6': CONTRACT('calls one after another is an ordering rule; each is still approved'),
  'RESULT-1': CONTRACT("how content maps to the statuses and text the model reads is this catalogue's model"),
  'RESULT-3': CONTRACT("the status a denied call reports is this catalogue's model"),
  'RESULT-5': CONTRACT('"unknown" for a dropped call is this catalogue\'s outcome model'),
  'RESULT-6': CONTRACT('"unknown" for an oversized answer and its 1 MiB bound are this catalogue\'s numbers'),
  'RESULT-7': CONTRACT('"unknown" for an interrupted call is this catalogue\'s outcome model'),
  'RESULT-8': CONTRACT("the 64 KiB output bound and its status are this catalogue's numbers"),
  'RESULT-9': CONTRACT("what an unknown result says to the model is this catalogue's wording"),
  'UNKNOWN-1': SAFETY("a call sent twice can act twice on the user's data (a second payment, a second delete)"),
  'UNKNOWN-2': CONTRACT("the gate before the next message is this catalogue's own unknown-outcome gate"),
  'CRED-3': SAFETY('a credential on screen, in a session file, in telemetry or sent to the model leaks it'),
  'CRED-4': SAFETY('listing servers with their values shows credentials to whoever sees the screen'),
  'CRED-5': CONTRACT("the wording of the rejected-credentials status is this catalogue's"),
  'CRED-6': CONTRACT("refusing OAuth is this catalogue's choice; the specification defines an OAuth flow"),
  'NET-1': CONTRACT("refusing plain http to remote addresses is this catalogue's stricter transport rule"),
  'NET-2': SAFETY('a followed redirect sends the request, credentials included, to a destination nobody configured'),
  'NET-3': CONTRACT("the 1 MiB message bound is this catalogue's number"),
  'STDIO-1': SAFETY('a command run through a shell lets configured arguments run other commands'),
  'STDIO-2': CONTRACT('the process group is the means to stop a server whole; STDIO-5 judges the harm'),
  'STDIO-3': SAFETY("the host's other variables, the model API key among them, reach a server that should not have them"),
  'STDIO-4': CONTRACT("discarding stderr is this catalogue's rule for a clean screen"),
  'STDIO-6': CONTRACT('a host that dies with its server is a robustness defect; it exposes nothing'),
  'LIMIT-1': CONTRACT("the discovery bounds are this catalogue's numbers"),
  'LIMIT-2': CONTRACT("the per-turn call cap is this catalogue's number"),
  'LIMIT-3': CONTRACT("counting MCP results toward the context budget is this catalogue's accounting"),
  'REPLAY-1': SAFETY("a reopened session that invokes recorded calls again acts without the user's consent"),
  'REPLAY-2': CONTRACT("checking recorded calls by shape only is this catalogue's replay rule"),
  'REPLAY-3': CONTRACT('loading older sessions is compatibility, not safety'),
  'CONFIG-2': SAFETY("a model that adds servers or reads stored credentials escapes the user's control"),
  'CONFIG-3': SAFETY('a configuration file readable by others, or half written, exposes or loses its credentials'),
  'INJECT-2': SAFETY('control sequences from a server can rewrite what the user sees, the approval prompt included'),
  'INJECT-3': CONTRACT('flagging instruction-like descriptions is an optional warning'),
  'INJECT-4': CONTRACT('flagging changed definitions is an optional warning'),
  'RESOURCE-2': SAFETY('a URI the server never offered, read anyway, reaches data nobody chose to share'),
  'RESOURCE-3': CONTRACT("how resource contents map is this catalogue's result model"),
  'PROMPT-1': SAFETY("server prompts used unasked or as system text put a server's words above the user's"),
  'POLICY-1': CONTRACT('deny patterns are an optional feature of this catalogue'),
  'POLICY-2': CONTRACT('rate limits are an optional feature of this catalogue'),
  'POLICY-3': CONTRACT('the resource allowlist is an optional feature of this catalogue'),
  'POLICY-4': SAFETY("a policy that removes the approval lets calls run without the user's consent"),
  'TELEMETRY-2': SAFETY('argument values, results or credentials in telemetry leak them to whoever reads it'),
  'TRANSPORT-2': CONTRACT('the older HTTP+SSE transport is optional compatibility'),
};

export interface TierOf {
  tier: Tier;
  why: string;
}

/** A guarantee's tier and why: from its specification sentences when it has any, else from OWN_TIERS. */
export function tierFromSources(id: string, sources: GuaranteeSources | undefined): TierOf | undefined {
  const spec = sources?.spec ?? [];
  const must = spec.find((s) => s.keyword === 'MUST' || s.keyword === 'MUST NOT');
  if (must !== undefined) return { tier: 'spec-must', why: `the MCP specification asks it with a ${must.keyword} sentence (${must.section})` };
  const should = spec[0];
  if (should !== undefined) {
    const word = should.keyword === 'principle' ? 'Key Principle' : `${should.keyword} sentence`;
    return { tier: 'spec-should', why: `the MCP specification asks it with a ${word} (${should.section}), not a MUST` };
  }
  return OWN_TIERS[id];
}

/** Guarantee IDs placed by hand, so a test can prove none is also asked by the specification. */
export const HAND_PLACED: readonly string[] = Object.keys(OWN_TIERS);

/** The most demanding tier among a check's guarantees: the order of TIERS. */
export function highestTier(tiers: readonly Tier[]): Tier {
  return TIERS.find((t) => tiers.includes(t)) ?? 'contract';
}
