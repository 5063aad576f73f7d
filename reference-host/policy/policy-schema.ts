// POLICY-1..4: the shape of policy.json. Strict at every level, so a setting the host does
// not have (e.g. "autoApprove") is an error rather than silently ignored; nothing in the
// shape can loosen approval, it only tightens.
import * as z from 'zod';

export const TrustLevelSchema = z.enum(['trusted', 'restricted', 'untrusted']);

// seam: ServerPolicySchema
export const ServerPolicySchema = z.strictObject({
  /** Shown on the confirmation screen; never skips asking. */
  trust: TrustLevelSchema.optional(),
  /** Globs over the tool's original name; a match is refused locally. */
  denyTools: z.array(z.string().min(1)).optional(),
  /** Globs over resource URIs; when set, only matching URIs may be read. */
  allowResources: z.array(z.string().min(1)).optional(),
  /** Calls sent to this server in any 60 s window, counted by the host. */
  callsPerMinute: z.number().int().min(1).optional(),
});

// seam: PolicySchema
export const PolicySchema = z.strictObject({
  servers: z.record(z.string(), ServerPolicySchema).optional(),
});

export type TrustLevel = z.infer<typeof TrustLevelSchema>;
export type ServerPolicy = z.infer<typeof ServerPolicySchema>;
export type Policy = z.infer<typeof PolicySchema>;

/** The setting names, for "unknown setting" errors. */
export const SERVER_POLICY_FIELDS: readonly string[] = Object.keys(ServerPolicySchema.shape);
