// The lines of a session file (REPLAY-1..3). Items mirror Responses API input items so the
// chat loop can send them back as they are. Recorded MCP calls are checked by argument
// shape only (a JSON object), never against a live schema: no server is needed to load.
import * as z from 'zod';

export const SESSION_FORMAT_VERSION = 2;

// seam: SessionHeaderSchema
export const SessionHeaderSchema = z.object({
  type: z.literal('session'),
  /** 1: before MCP support (messages and built-in calls only); 2: MCP calls recorded. */
  version: z.literal([1, 2], { error: 'unsupported session format version (this refhost reads versions 1 and 2)' }),
  id: z.string().min(1),
  /** Always written since version 2; some version 1 files lack it. */
  createdAt: z.string().min(1).optional(),
});

export const MessageItemSchema = z.object({
  type: z.literal('message'),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
});

function isJsonObjectText(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

export const FunctionCallItemSchema = z
  .object({
    type: z.literal('function_call'),
    call_id: z.string().min(1),
    /** The name the model used (the exposed name for MCP tools). */
    name: z.string().min(1),
    /** The arguments exactly as the model sent them (a JSON string). */
    arguments: z.string(),
    /** Present for MCP calls: which server and which original tool name. */
    mcp: z.object({ server: z.string().min(1), tool: z.string().min(1) }).optional(),
  })
  .refine((item) => item.mcp === undefined || isJsonObjectText(item.arguments), {
    message: 'arguments of a recorded MCP call must be a JSON object',
    path: ['arguments'],
  });

export const FunctionCallOutputItemSchema = z.object({
  type: z.literal('function_call_output'),
  call_id: z.string().min(1),
  /** The JSON string given to the model ({"status", "output"} for MCP calls). */
  output: z.string(),
});

export const SessionItemSchema = z.discriminatedUnion('type', [
  MessageItemSchema,
  FunctionCallItemSchema,
  FunctionCallOutputItemSchema,
]);

export type SessionHeader = z.infer<typeof SessionHeaderSchema>;
export type SessionItem = z.infer<typeof SessionItemSchema>;

// seam: upgradeV1Line
/** Version 1 wrote messages as bare {role, content} (no "type"); they mean the same. */
export function upgradeV1Line(value: unknown): unknown {
  if (typeof value === 'object' && value !== null && !('type' in value) && 'role' in value) {
    return { type: 'message', ...value };
  }
  return value;
}
