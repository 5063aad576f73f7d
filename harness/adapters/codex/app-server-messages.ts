// The app-server messages the harness reads (Codex 0.171.0, see NOTES.md), as zod schemas at
// the protocol boundary and the plain types the client hands out.
import { z } from 'zod';
import type { RequestId } from './json-rpc-lines.js';

export type ApprovalAction = 'accept' | 'decline' | 'cancel';

/** An `mcpServer/elicitation/request` that Codex sends to ask whether an MCP tool may run. */
export interface McpToolApproval {
  requestId: RequestId;
  threadId: string;
  turnId: string | null;
  serverName: string;
  toolName: string | null;
  toolParams: unknown;
  /** The arguments as Codex prepares them for display (`_meta.tool_params_display`). */
  paramsDisplay: { name: string; displayName: string; value: unknown }[];
  /** The question as Codex words it ("Allow the S MCP server to run tool \"T\"?"). */
  message: string;
  params: unknown;
}

/** Everything Codex sent that is not a response, in arrival order. */
export type CodexEvent =
  | { kind: 'notification'; method: string; params: unknown }
  | { kind: 'request'; id: RequestId; method: string; params: unknown }
  | { kind: 'unreadable'; line: string };

export type StartupState = 'starting' | 'ready' | 'failed' | 'cancelled';
export interface ServerStartup {
  name: string;
  status: StartupState;
  error: string | null;
}

export interface McpToolCallItem {
  id: string;
  server: string;
  tool: string;
  status: 'inProgress' | 'completed' | 'failed';
  arguments: unknown;
  result: { content: unknown[]; structuredContent?: unknown } | null;
  error: { message: string } | null;
}

export interface TurnEnd {
  turnId: string;
  status: 'completed' | 'interrupted' | 'failed' | 'inProgress';
  error: string | null;
}

export const StartupSchema = z.object({ name: z.string(), status: z.enum(['starting', 'ready', 'failed', 'cancelled']), error: z.string().nullable() });
export const ApprovalParamsSchema = z.object({
  threadId: z.string(),
  turnId: z.string().nullable(),
  serverName: z.string(),
  message: z.string(),
  _meta: z
    .object({
      codex_approval_kind: z.literal('mcp_tool_call'),
      tool_name: z.string().optional(),
      tool_params: z.unknown().optional(),
      tool_params_display: z.array(z.object({ name: z.string(), display_name: z.string(), value: z.unknown() })).optional(),
    })
    .loose(),
});
export const McpToolCallItemSchema = z.object({
  type: z.literal('mcpToolCall'),
  id: z.string(),
  server: z.string(),
  tool: z.string(),
  status: z.enum(['inProgress', 'completed', 'failed']),
  arguments: z.unknown(),
  result: z
    .object({ content: z.array(z.unknown()), structuredContent: z.unknown().optional() })
    .loose()
    .nullable(),
  error: z.object({ message: z.string() }).nullable(),
});
export const ItemCompletedSchema = z.object({ item: z.unknown() });
export const TurnCompletedSchema = z.object({
  turn: z.object({
    id: z.string(),
    status: z.enum(['completed', 'interrupted', 'failed', 'inProgress']),
    error: z.object({ message: z.string() }).loose().nullable(),
  }),
});
export const ThreadResultSchema = z.object({ thread: z.object({ id: z.string() }) });
export const ThreadListResultSchema = z.object({ data: z.array(z.object({ id: z.string() })) });
export const TurnStartResultSchema = z.object({ turn: z.object({ id: z.string() }) });
