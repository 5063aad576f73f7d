// POLICY-1..3: the local gate every MCP action passes before the user is asked. A refusal
// is the "denied" output for the model; the caller then neither asks nor sends. The rate
// limit counts actions actually sent to a server in the last 60 s, on this host's clock.
import type { McpTool } from '../mcp/types.js';
import { firstMatch } from './glob.js';
import type { Policy, TrustLevel } from './policy-schema.js';

// seam: RATE_WINDOW_MS
export const RATE_WINDOW_MS = 60_000;

export interface GatedAction {
  kind: 'tool' | 'resource';
  tool: McpTool;
  args: Record<string, unknown>;
}

export interface PolicyGate {
  /** Why policy refuses this action (text for the model), or null when it may go on. */
  check(action: GatedAction): string | null;
  /** The server's trust level, when the policy sets one (shown, never acted on). */
  trust(server: string): TrustLevel | undefined;
  /** Counts one action sent to `server` toward its rate limit. */
  sent(server: string): void;
}

const NOT_SENT = 'the user was not asked and nothing was sent to the MCP server.';

// seam: createPolicyGate
export function createPolicyGate(policy: Policy, now: () => number = Date.now): PolicyGate {
  const sentAt = new Map<string, number[]>();
  const recent = (server: string): number[] => {
    const times = (sentAt.get(server) ?? []).filter((t) => now() - t < RATE_WINDOW_MS);
    sentAt.set(server, times);
    return times;
  };
  return {
    check({ kind, tool, args }) {
      const rules = policy.servers?.[tool.server];
      if (rules === undefined) return null;
      const server = JSON.stringify(tool.server);
      if (kind === 'tool' && rules.denyTools !== undefined) {
        const pattern = firstMatch(rules.denyTools, tool.originalName);
        if (pattern !== undefined) {
          return `Denied by policy: tool ${JSON.stringify(tool.originalName)} of server ${server} matches the denied pattern ${JSON.stringify(pattern)}; ${NOT_SENT}`;
        }
      }
      if (kind === 'resource' && rules.allowResources !== undefined) {
        const uri = typeof args.uri === 'string' ? args.uri : '';
        if (firstMatch(rules.allowResources, uri) === undefined) {
          return `Denied by policy: this resource URI is not on the allowed list of server ${server}; ${NOT_SENT}`;
        }
      }
      if (rules.callsPerMinute !== undefined && recent(tool.server).length >= rules.callsPerMinute) {
        return `Denied by policy: server ${server} allows at most ${rules.callsPerMinute} calls per minute; ${NOT_SENT}`;
      }
      return null;
    },
    trust: (server) => policy.servers?.[server]?.trust,
    sent(server) {
      recent(server).push(now());
    },
  };
}
