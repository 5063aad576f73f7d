// The one pipeline every MCP action (tool call or resource read) goes through, in this
// order: policy gate (POLICY-1..3: refused locally, user not asked, nothing sent) -> the
// user's approval (APPROVE-1, POLICY-4: always, whatever the policy says) -> send ->
// arming the unknown gate (UNKNOWN-2) -> one telemetry record (TELEMETRY-1, also for
// refused actions).
import { performance } from 'node:perf_hooks';
import type { CallOutcome, McpTool } from '../mcp/types.js';
import { unknownOutcome } from '../mcp/result-mapping.js';
import type { TurnContext } from './turn-context.js';

export interface McpAction {
  kind: 'tool' | 'resource';
  /** For resources: a pseudo tool {server, originalName: 'resources/read', exposedName: 'read_mcp_resource', destination, description: '', parameters: {}}. */
  tool: McpTool;
  /** What the confirmation screen shows as Arguments ({uri} for a resource read). */
  args: Record<string, unknown>;
  /** Sends it (only called after policy and approval); never resends. */
  send(signal: AbortSignal): Promise<CallOutcome>;
}

/** A tool call as an action: sent through the connections. */
export function toolAction(ctx: Pick<TurnContext, 'connections'>, tool: McpTool, args: Record<string, unknown>): McpAction {
  return { kind: 'tool', tool, args, send: (signal) => ctx.connections.call(tool, args, signal) };
}

// seam: runMcpAction
/** Runs one action through the pipeline; never throws. */
export async function runMcpAction(ctx: TurnContext, action: McpAction): Promise<CallOutcome> {
  const { outcome, latencyMs } = await decideAndSend(ctx, action);
  ctx.telemetry?.record({
    time: new Date(),
    server: action.tool.server,
    tool: action.tool.originalName,
    offeredName: action.tool.exposedName,
    status: outcome.status,
    latencyMs,
    args: action.args,
    output: outcome.output,
  });
  return outcome;
}

// seam: decideAndSend
/** latencyMs is the time from sending to the outcome; 0 when nothing was sent. */
async function decideAndSend(ctx: TurnContext, action: McpAction): Promise<{ outcome: CallOutcome; latencyMs: number }> {
  const refusal = ctx.policy?.check(action) ?? null;
  if (refusal !== null) {
    ctx.screen.write(ctx.dialect.screen.toolHeader(action.tool.exposedName));
    return { outcome: { status: 'denied', output: refusal }, latencyMs: 0 };
  }
  const approved = await ctx.approve({ tool: action.tool, args: action.args, trust: ctx.policy?.trust(action.tool.server) });
  if (!approved) return { outcome: { status: 'denied', output: 'The user denied this call; nothing was sent to the MCP server.' }, latencyMs: 0 };
  ctx.policy?.sent(action.tool.server);
  const started = performance.now();
  let outcome: CallOutcome;
  try {
    outcome = await ctx.interrupts.abortable((signal) => action.send(signal));
  } catch {
    // The MCP layer maps every failure itself; anything escaping it may have been sent.
    outcome = unknownOutcome('The call ended abnormally');
  }
  const latencyMs = Math.round(performance.now() - started);
  if (outcome.status === 'unknown') ctx.onUnknown({ server: action.tool.server, tool: action.tool.originalName });
  return { outcome, latencyMs };
}
