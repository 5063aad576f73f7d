// APPROVE-1..5: the default approval policy asks the user on the confirmation screen.
// Annotations never reach this decision (APPROVE-4); the default answer is deny, and
// Ctrl-C or end of input at the question deny too (nothing is sent). POLICY-4: the trust
// level is shown, never acted on: a "trusted" server is asked about like any other.
import type { McpTool } from '../mcp/types.js';
import type { TrustLevel } from '../policy/policy-schema.js';
import type { Screen } from '../ui/screen.js';
import { REFERENCE_DIALECT, type Dialect } from './dialect.js';
import type { Interrupts } from './interrupts.js';

export interface ApprovalRequest {
  tool: McpTool;
  args: Record<string, unknown>;
  /** The server's trust level from the policy file, when set (shown on screen only). */
  trust?: TrustLevel | undefined;
}

/** Resolves true only when this one call may be sent (APPROVE-2: never remembered). */
export type ApprovalPolicy = (request: ApprovalRequest) => Promise<boolean>;

// seam: askUserApproval
export function askUserApproval(screen: Screen, interrupts: Interrupts, dialect: Dialect = REFERENCE_DIALECT): ApprovalPolicy {
  return async ({ tool, args, trust }) => {
    screen.write(dialect.screen.confirmation(tool, args, trust));
    const answer = await interrupts.abortable((signal) => screen.ask(dialect.screen.approvePrompt, signal));
    screen.write('\n');
    return dialect.approves(answer);
  };
}
