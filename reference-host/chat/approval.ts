// APPROVE-1..5: the default approval policy asks the user on the confirmation screen.
// Annotations never reach this decision (APPROVE-4); the default answer is deny, and
// Ctrl-C or end of input at the question deny too (nothing is sent).
import type { McpTool } from '../mcp/types.js';
import { APPROVE_PROMPT, confirmationText, isYes } from '../ui/confirmation.js';
import type { Screen } from '../ui/screen.js';
import type { Interrupts } from './interrupts.js';

export interface ApprovalRequest {
  tool: McpTool;
  args: Record<string, unknown>;
}

/** Resolves true only when this one call may be sent (APPROVE-2: never remembered). */
export type ApprovalPolicy = (request: ApprovalRequest) => Promise<boolean>;

export function askUserApproval(screen: Screen, interrupts: Interrupts): ApprovalPolicy {
  return async ({ tool, args }) => {
    screen.write(confirmationText(tool, args));
    const answer = await interrupts.abortable((signal) => screen.ask(APPROVE_PROMPT, signal));
    screen.write('\n');
    return isYes(answer);
  };
}
