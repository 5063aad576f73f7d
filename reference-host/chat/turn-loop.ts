// One user turn: model requests and tool calls until the model answers with a message.
// APPROVE-1..6: every MCP call is confirmed on its own, one after another, and nothing is
// sent on deny. LIMIT-2: at most `toolCallsPerTurn` calls (read_file included); past it the
// rest are refused and the turn ends without another request. LIMIT-3: the input is fitted
// to the context budget before each request. MCP calls go through runMcpAction (policy,
// approval, send, telemetry).
import type { CallOutcome, McpTool } from '../mcp/types.js';
import { readFileTool } from '../tools/read-file.js';
import { assistantText, errorLine } from '../ui/screen-text.js';
import type { McpCallRef } from './conversation.js';
import { fitToBudget } from './history.js';
import { runMcpAction, toolAction } from './mcp-action.js';
import { runResourceRead } from './resource-read.js';
import type { ModelOutputItem } from './model-client.js';
import type { TurnContext } from './turn-context.js';

/** LIMIT-2 reference value. */
export const MAX_TOOL_CALLS_PER_TURN = 16;

export type TurnEnd = 'answered' | 'tool_limit' | 'cancelled' | 'model_error' | 'shutdown';

type FunctionCall = Extract<ModelOutputItem, { type: 'function_call' }>;

function objectArguments(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

// seam: runTurn
export async function runTurn(ctx: TurnContext, userText: string): Promise<TurnEnd> {
  ctx.conversation.add({ type: 'message', role: 'user', content: userText });
  let callsThisTurn = 0;
  for (;;) {
    if (ctx.interrupts.shutdown.aborted) return 'shutdown';
    const output = await requestModel(ctx);
    if (typeof output === 'string') return output;
    const calls: FunctionCall[] = [];
    for (const item of output) {
      if (item.type === 'message') {
        ctx.conversation.add({ type: 'message', role: 'assistant', content: item.text });
        ctx.screen.write(assistantText(item.text));
      } else {
        calls.push(item);
        const resolved = ctx.catalog.resolve(item.name);
        const mcp = resolved?.kind === 'mcp' && objectArguments(item.arguments) !== null ? mcpRef(resolved.tool) : undefined;
        ctx.conversation.add({ type: 'function_call', call_id: item.call_id, name: item.name, arguments: item.arguments }, mcp);
      }
    }
    if (calls.length === 0) return 'answered';
    let overLimit = false;
    for (const call of calls) {
      callsThisTurn += 1;
      const outcome = callsThisTurn > ctx.toolCallsPerTurn ? limitOutcome(ctx.toolCallsPerTurn) : await runCall(ctx, call);
      overLimit ||= callsThisTurn > ctx.toolCallsPerTurn;
      ctx.conversation.add({ type: 'function_call_output', call_id: call.call_id, output: ctx.dialect.results.write(outcome.status, outcome.output) });
    }
    if (overLimit) {
      ctx.screen.write(ctx.dialect.screen.toolLimitMessage(ctx.toolCallsPerTurn));
      return 'tool_limit';
    }
  }
}

function mcpRef(tool: McpTool): McpCallRef {
  return { server: tool.server, tool: tool.originalName };
}

function limitOutcome(limit: number): CallOutcome {
  return {
    status: 'denied',
    output: `Not run: the limit of ${limit} tool calls per turn was reached. The turn has ended; nothing was sent.`,
  };
}

async function requestModel(ctx: TurnContext): Promise<ModelOutputItem[] | TurnEnd> {
  fitToBudget(ctx.conversation.items, ctx.contextBudgetBytes, ctx.dialect.results);
  try {
    const output = await ctx.interrupts.abortable(async (signal) => {
      try {
        return await ctx.model.respond({ input: ctx.conversation.items, tools: ctx.catalog.definitions, signal });
      } catch (error) {
        // Whatever error the client raises for an aborted request, the signal says why.
        if (signal.aborted) return 'aborted' as const;
        throw error;
      }
    });
    if (output !== 'aborted') return output;
    if (ctx.interrupts.shutdown.aborted) return 'shutdown';
    ctx.screen.write('Model request cancelled.\n');
    return 'cancelled';
  } catch (error) {
    ctx.screen.write(errorLine(`model request failed: ${error instanceof Error ? error.message : String(error)}`));
    return 'model_error';
  }
}

/** One call, shown on screen; never throws. */
async function runCall(ctx: TurnContext, call: FunctionCall): Promise<CallOutcome> {
  const resolved = ctx.catalog.resolve(call.name);
  const args = objectArguments(call.arguments);
  let outcome: CallOutcome;
  if (resolved === undefined) {
    ctx.screen.write(ctx.dialect.screen.toolHeader(call.name));
    outcome = { status: 'failed', output: `No tool named ${JSON.stringify(call.name)} is offered; nothing was run.` };
  } else if (args === null) {
    ctx.screen.write(ctx.dialect.screen.toolHeader(call.name));
    outcome = { status: 'failed', output: 'The arguments are not a JSON object; nothing was run.' };
  } else if (resolved.kind === 'read_file') {
    ctx.screen.write(ctx.dialect.screen.toolHeader(call.name));
    outcome = await readFileTool(ctx.workDir, args);
  } else if (resolved.kind === 'resource') {
    outcome = await runResourceRead(ctx, args);
  } else {
    outcome = await runMcpAction(ctx, toolAction(ctx, resolved.tool, args));
  }
  ctx.screen.write(ctx.dialect.screen.toolResult(outcome.status, outcome.output));
  return outcome;
}
