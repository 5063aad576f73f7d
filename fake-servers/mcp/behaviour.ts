// What one fake MCP server does, as plain JSON (it travels in argv to the stdio entry).
// Every misbehaviour the guarantee catalogue needs is a field here: tool outcomes
// (RESULT-1..8, UNKNOWN-1, STDIO-6), discovery faults (DISCOVER-4/5, LIMIT-1, NET-3),
// HTTP faults (NET-2, NET-3, CRED-5/6), the legacy SSE flavour and its traps (TRANSPORT-2),
// rug pulls between host starts (INJECT-4).
// No .default(): the input type is the output type, so TS callers write only what they need;
// the engine applies defaults.
import { z } from 'zod';

const count = z.number().int().nonnegative();
const delayMs = count.optional();
const JsonObjectSchema = z.record(z.string(), z.unknown());

export const ContentBlockSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text'), text: z.string() }),
  z.strictObject({ type: z.literal('image'), data: z.string(), mimeType: z.string() }),
  z.strictObject({ type: z.literal('audio'), data: z.string(), mimeType: z.string() }),
  z.strictObject({
    type: z.literal('resource'),
    resource: z.union([
      z.strictObject({ uri: z.string(), mimeType: z.string().optional(), text: z.string() }),
      z.strictObject({ uri: z.string(), mimeType: z.string().optional(), blob: z.string() }),
    ]),
  }),
  z.strictObject({
    type: z.literal('resource_link'),
    uri: z.string(),
    name: z.string(),
    mimeType: z.string().optional(),
    description: z.string().optional(),
  }),
]);

/** What one tools/call gets. `delayMs` waits before acting. */
export const ToolOutcomeSchema = z.discriminatedUnion('kind', [
  /** A normal result: any content blocks, structuredContent, isError. */
  z.strictObject({
    kind: z.literal('content'),
    content: z.array(ContentBlockSchema),
    structuredContent: JsonObjectSchema.optional(),
    isError: z.boolean().optional(),
    delayMs,
  }),
  /** One text block holding JSON.stringify(arguments). The default outcome. */
  z.strictObject({ kind: z.literal('echo'), delayMs }),
  /** A JSON-RPC error response with exactly this code and message. */
  z.strictObject({ kind: z.literal('jsonrpc-error'), code: z.number().int(), message: z.string(), data: z.unknown().optional(), delayMs }),
  /** One text block of exactly `bytes` ASCII bytes ("0123456789" repeated). */
  z.strictObject({ kind: z.literal('sized-text'), bytes: count, delayMs }),
  /** The request is journaled and never answered. */
  z.strictObject({ kind: z.literal('never') }),
  /** HTTP only: the connection carrying the request (the SSE stream for 'sse') is destroyed. */
  z.strictObject({ kind: z.literal('drop'), delayMs }),
  /** stdio only: the process exits with `code` (default 1) without answering. */
  z.strictObject({ kind: z.literal('exit'), code: z.number().int().min(0).max(255).optional(), delayMs }),
  /** stdio only: `data` is written raw on stdout; then a text answer if `thenText`, else none. */
  z.strictObject({ kind: z.literal('stdout-garbage'), data: z.string().optional(), thenText: z.string().optional(), delayMs }),
]);

export const ToolSchema = z.strictObject({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  /** Sent as given (default {"type":"object","properties":{}}). */
  inputSchema: JsonObjectSchema.optional(),
  outputSchema: JsonObjectSchema.optional(),
  annotations: z
    .strictObject({
      title: z.string().optional(),
      readOnlyHint: z.boolean().optional(),
      destructiveHint: z.boolean().optional(),
      idempotentHint: z.boolean().optional(),
      openWorldHint: z.boolean().optional(),
    })
    .optional(),
  /** Adds a "$comment" of this many bytes to the input schema (LIMIT-1 oversized schema). */
  inputSchemaPadBytes: count.optional(),
  /** Outcome of every call not covered by `outcomes` (default echo). */
  outcome: ToolOutcomeSchema.optional(),
  /** Outcome of call #i (0-based, per tool): "first call X, later Y" = outcomes [X], outcome Y. */
  outcomes: z.array(ToolOutcomeSchema).optional(),
});

export const InitializeBehaviourSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('answer'), delayMs }),
  z.strictObject({ kind: z.literal('never') }),
  z.strictObject({ kind: z.literal('error'), code: z.number().int(), message: z.string(), delayMs }),
]);

/** `methods`: JSON-RPC methods of the POST body this fault applies to; absent = every request. */
const methods = z.array(z.string()).optional();
export const HttpFaultSchema = z.discriminatedUnion('kind', [
  /** Any 3xx with this Location: a same-origin path or another origin (use a trap's URL). */
  z.strictObject({ kind: z.literal('redirect'), status: z.number().int().min(300).max(399), location: z.string(), methods }),
  /** 401/403 with a WWW-Authenticate header (default `Bearer realm="fake-mcp"`). */
  z.strictObject({ kind: z.literal('auth'), status: z.union([z.literal(401), z.literal(403)]), wwwAuthenticate: z.string().optional(), methods }),
  /** A 200 application/json body of exactly `bytes` bytes, streamed (a JSON-RPC result with padding). */
  z.strictObject({ kind: z.literal('oversized-body'), bytes: count, methods }),
  /** A 200 application/json body that is not JSON. */
  z.strictObject({ kind: z.literal('invalid-json'), methods }),
  /** Any 4xx/5xx status with a plain-text body. */
  z.strictObject({ kind: z.literal('status'), status: z.number().int().min(400).max(599), body: z.string().optional(), methods }),
]);

export const ResourceSchema = z.strictObject({
  uri: z.string(),
  name: z.string(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
  /** Contents for resources/read: text, or base64 blob (default: empty text). */
  text: z.string().optional(),
  blob: z.string().optional(),
});

export const ResourceTemplateSchema = z.strictObject({
  /** RFC 6570 level-1 template, e.g. "notes://{id}"; reads of matching URIs answer a text. */
  uriTemplate: z.string(),
  name: z.string(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
});

export const PromptSchema = z.strictObject({
  name: z.string(),
  description: z.string().optional(),
  arguments: z.array(z.strictObject({ name: z.string(), description: z.string().optional(), required: z.boolean().optional() })).optional(),
  /** "{{arg}}" in a text is replaced by the argument's value on prompts/get. */
  messages: z.array(z.strictObject({ role: z.enum(['user', 'assistant']), text: z.string() })),
});

export const ServerBehaviourSchema = z.strictObject({
  /** serverInfo (defaults "fake-mcp" / "1.0.0"). */
  name: z.string().optional(),
  version: z.string().optional(),
  instructions: z.string().optional(),
  /** stdio: exit(1) before reading stdin; HTTP: every TCP connection is closed at once. */
  crashAtStart: z.boolean().optional(),
  initialize: InitializeBehaviourSchema.optional(),
  tools: z.array(ToolSchema).optional(),
  /** Appends `count` echo tools named `${prefix}${i}` (default prefix "tool_"). */
  generateTools: z.strictObject({ count, prefix: z.string().optional(), descriptionBytes: count.optional() }).optional(),
  toolsList: z
    .strictObject({
      /** Splits the list over this many pages (cursor pagination); pages may be empty. */
      pages: z.number().int().min(1).optional(),
      /** Adds this many bytes of `_meta.padding` to the first page (NET-3 oversized answer). */
      padBytes: count.optional(),
    })
    .optional(),
  /** After `afterCalls` tools/call (default 1) the list becomes `tools` and list_changed is sent. */
  listChanged: z.strictObject({ afterCalls: z.number().int().min(1).optional(), tools: z.array(ToolSchema) }).optional(),
  /** INJECT-4: initialize requests after the first `afterInitializes` see `tools` instead (HTTP and SSE:
   *  the server outlives host restarts, a stdio server does not). */
  rugPull: z.strictObject({ afterInitializes: z.number().int().min(1), tools: z.array(ToolSchema) }).optional(),
  resources: z.array(ResourceSchema).optional(),
  resourceTemplates: z.array(ResourceTemplateSchema).optional(),
  prompts: z.array(PromptSchema).optional(),
  http: z
    .strictObject({
      flavour: z.enum(['streamable-http', 'sse']).optional(),
      /** Streamable HTTP sessions (default stateful). */
      session: z.enum(['stateful', 'stateless']).optional(),
      /** Streamable HTTP answers as application/json instead of SSE (default false). */
      jsonResponse: z.boolean().optional(),
      /** Every request must carry `Authorization: Bearer <this>`, else 401. */
      requireBearer: z.string().optional(),
      /** The first fault whose `methods` match answers the request instead of the server
       *  (a fault without `methods` also answers the SSE flavour's GET event stream). */
      faults: z.array(HttpFaultSchema).optional(),
      /** SSE flavour: the endpoint event names this origin (a trap's) instead of the server's own;
       *  the path /messages?sessionId=... is kept (TRANSPORT-2: a host must refuse it). */
      sseEndpointOrigin: z.string().optional(),
    })
    .optional(),
  stdio: z
    .strictObject({
      /** Written to stderr at start (STDIO-4: a host must not show it). */
      stderrText: z.string().optional(),
      /** Appended to the server's command line as given (STDIO-1: must arrive literally). */
      extraArgs: z.array(z.string()).optional(),
      /** The child outlives the server at end of input and SIGTERM: only group reaping stops it (STDIO-5). */
      leaveChild: z.boolean().optional(),
    })
    .optional(),
});

export type ContentBlock = z.infer<typeof ContentBlockSchema>;
export type ToolOutcome = z.infer<typeof ToolOutcomeSchema>;
export type FakeTool = z.infer<typeof ToolSchema>;
export type HttpFault = z.infer<typeof HttpFaultSchema>;
export type ServerBehaviour = z.infer<typeof ServerBehaviourSchema>;

export class BehaviourError extends Error {
  override name = 'BehaviourError';
}

/** Parses a behaviour; the error lists every bad field by path, e.g. `tools[0].outcome.kind`. */
export function parseServerBehaviour(input: unknown, source = 'behaviour'): ServerBehaviour {
  const result = ServerBehaviourSchema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${source}${formatPath(issue.path)}: ${issue.message}`);
  throw new BehaviourError(`invalid fake MCP server behaviour:\n${problems.join('\n')}`);
}

function formatPath(path: readonly PropertyKey[]): string {
  return path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('');
}

const HTTP_ONLY = new Set(['drop']);
const STDIO_ONLY = new Set(['exit', 'stdout-garbage']);

/** Refuses outcomes the chosen transport cannot produce, naming the tool. */
export function assertBehaviourFitsTransport(behaviour: ServerBehaviour, transport: 'http' | 'stdio'): void {
  const refused = transport === 'http' ? STDIO_ONLY : HTTP_ONLY;
  if (transport === 'stdio' && behaviour.rugPull) {
    throw new BehaviourError('behaviour.rugPull needs a server that outlives host restarts: use HTTP or SSE, not stdio');
  }
  const lists = [
    ['tools', behaviour.tools ?? []],
    ['listChanged.tools', behaviour.listChanged?.tools ?? []],
    ['rugPull.tools', behaviour.rugPull?.tools ?? []],
  ] as const;
  for (const [where, tools] of lists) {
    tools.forEach((tool, i) => {
      for (const outcome of [tool.outcome, ...(tool.outcomes ?? [])]) {
        if (outcome && refused.has(outcome.kind)) {
          throw new BehaviourError(`behaviour.${where}[${i}] ("${tool.name}"): outcome "${outcome.kind}" is not possible over ${transport}`);
        }
      }
    });
  }
}
