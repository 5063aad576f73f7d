// What a breach of a guarantee does to the user (issue 25): the severity of a finding. It follows
// from the guarantee's tier and group, so no guarantee is placed twice by hand: a breach of a
// safety rule, or of a specification sentence about consent, credentials, network or server
// text, exposes the user (security); a call sent again or a session that acts when reopened
// loses data; the specification's rules about connecting and offering tools are
// interoperability; its other rules correctness; the catalogue's own behaviour a contract
// difference.
import { z } from 'zod';
import type { Tier } from './tiers.js';

export const SEVERITIES = ['security', 'data-loss', 'correctness', 'interoperability', 'contract-difference'] as const;
export const SeveritySchema = z.enum(SEVERITIES);
export type Severity = z.infer<typeof SeveritySchema>;

/** Guarantees whose breach makes a call act twice, or act again unasked. */
const DATA_LOSS: ReadonlySet<string> = new Set(['UNKNOWN-1', 'REPLAY-1']);
/** Groups whose specification sentences are about consent, credentials, the network or server text. */
const SECURITY_GROUPS: ReadonlySet<string> = new Set(['APPROVE', 'CRED', 'NET', 'INJECT', 'CONFIG', 'ASK', 'RESOURCE', 'STDIO']);
/** Groups about connecting servers and offering their tools: a breach breaks working together. */
const INTEROP_GROUPS: ReadonlySet<string> = new Set(['DISCOVER', 'EXPOSE', 'TRANSPORT']);

export function severityOf(id: string, tier: Tier): Severity {
  if (DATA_LOSS.has(id)) return 'data-loss';
  const group = id.replace(/-\d+$/, '');
  if (tier === 'safety') return 'security';
  if (tier === 'contract') return 'contract-difference';
  if (SECURITY_GROUPS.has(group) && id !== 'STDIO-5') return 'security';
  return INTEROP_GROUPS.has(group) ? 'interoperability' : 'correctness';
}

/** The gravest of several severities: the order of SEVERITIES. */
export function gravest(severities: readonly Severity[]): Severity {
  return SEVERITIES.find((s) => severities.includes(s)) ?? 'contract-difference';
}
