// RESOURCE-1..2 on the chat side: a call of the built-in read_mcp_resource tool (server, uri;
// offered as resource-tool.ts says). A read of a URI its server did not list (or match by one
// of its templates) is refused here: status failed, nothing sent, the user not asked. Everything else becomes an McpAction, so a read gets the same policy
// gate, per-call approval and telemetry as a tool call (RESOURCE-1, POLICY-3).
import type { CallOutcome, McpConnections, McpTool } from '../mcp/types.js';
import { runMcpAction, type McpAction } from './mcp-action.js';
import { READ_RESOURCE_METHOD, READ_RESOURCE_NAME } from './resource-tool.js';
import type { TurnContext } from './turn-context.js';

function refused(output: string): CallOutcome {
  return { status: 'failed', output };
}

// seam: resourceReadAction
/** The action for one read, or the local refusal when nothing may be sent (RESOURCE-2). */
export function resourceReadAction(connections: McpConnections, args: Record<string, unknown>): McpAction | CallOutcome {
  const { server, uri } = args;
  if (typeof server !== 'string' || typeof uri !== 'string' || uri === '') {
    return refused(`${READ_RESOURCE_NAME} needs "server" and "uri" string arguments; nothing was sent.`);
  }
  const status = connections.statuses.find((s) => s.server === server && s.ok);
  if (status === undefined) return refused(`No available MCP server is named ${JSON.stringify(server)}; nothing was sent.`);
  if (!connections.isOfferedResource(server, uri)) {
    return refused(
      `MCP server ${JSON.stringify(server)} did not list the resource ${JSON.stringify(uri)} and none of its templates matches it; ` +
        'the read was refused and nothing was sent.',
    );
  }
  const tool: McpTool = {
    server,
    originalName: READ_RESOURCE_METHOD,
    exposedName: READ_RESOURCE_NAME,
    destination: status.destination,
    description: '',
    parameters: {},
  };
  return { kind: 'resource', tool, args: { uri }, send: (signal) => connections.readResource(server, uri, signal) };
}

// seam: runResourceRead
/** One read_mcp_resource call: refused locally, or through the McpAction pipeline. */
export async function runResourceRead(ctx: TurnContext, args: Record<string, unknown>): Promise<CallOutcome> {
  const action = resourceReadAction(ctx.connections, args);
  if ('status' in action) {
    ctx.screen.write(ctx.dialect.screen.toolHeader(READ_RESOURCE_NAME));
    return action;
  }
  return runMcpAction(ctx, action);
}
