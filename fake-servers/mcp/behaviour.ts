// What one fake MCP server does, as plain JSON (it travels in argv to the stdio entry).
// Every misbehaviour the guarantee catalogue needs is a field here: tool outcomes
// (RESULT-1..8, UNKNOWN-1, STDIO-6), faults at every stage on every transport
// (fault-schema.ts: DISCOVER-2/4/5, NET-2/3, CRED-5/6), exact sizes in UTF-8 bytes
// (LIMIT-1, NET-3, RESULT-6/8), the legacy SSE flavour and its traps (TRANSPORT-2), rug
// pulls between host starts (INJECT-4), a server asking the host while a call waits
// (ASK-1..3: server-asks.ts). What a transport cannot act out: behaviour-fit.ts.
// No .default(): the input type is the output type, so TS callers write only what they need;
// the engine applies defaults.
import { z } from 'zod';
import { CallFaultMembers, FillSchema, StagesSchema } from './fault-schema.js';
import { ProtocolOfferSchema } from './protocol-revision.js';
import { MAX_STAMPED_BYTES } from './stamped-text.js';

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

/** One field of a form-mode elicitation (a primitive of the requested schema). */
const AskFieldSchema = z.strictObject({
  type: z.enum(['string', 'number', 'boolean']),
  description: z.string().optional(),
  /** A default the host may pre-fill; only the user may accept it (ASK-1). */
  default: z.union([z.string(), z.number(), z.boolean()]).optional(),
});

/** What a server asks of the host while a tools/call waits (ASK-1..3). */
export const ServerAskSchema = z.discriminatedUnion('method', [
  z.strictObject({
    method: z.literal('elicitation/create'),
    message: z.string(),
    fields: z.record(z.string(), AskFieldSchema),
    /** URL mode: the user is sent to this address and types nothing into the host (`fields` is not sent: give {}). */
    url: z.url().optional(),
  }),
  z.strictObject({
    method: z.literal('sampling/createMessage'),
    /** The one user message the server wants the host's model to answer. */
    text: z.string(),
    includeContext: z.enum(['none', 'thisServer', 'allServers']).optional(),
  }),
  z.strictObject({ method: z.literal('roots/list') }),
]);

/** What one tools/call gets: a result, or any fault (fault-schema.ts). `delayMs` waits before acting. */
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
  /** One text block of exactly `bytes` UTF-8 bytes of position-stamped text (stamped-text.ts). */
  z.strictObject({ kind: z.literal('sized-text'), bytes: count.max(MAX_STAMPED_BYTES), fill: FillSchema.optional(), delayMs }),
  /** While the call waits the server sends `ask` to the host (only when the host declared that
   *  capability, unless `evenUndeclared`: a misbehaving server); the result is one text block
   *  reporting the host's answer (server-asks.ts). */
  z.strictObject({ kind: z.literal('ask'), ask: ServerAskSchema, evenUndeclared: z.boolean().optional(), delayMs }),
  ...CallFaultMembers,
]);

export const ToolSchema = z.strictObject({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  /** The description is exactly this many UTF-8 bytes of stamped text (instead of `description`). */
  descriptionBytes: count.max(MAX_STAMPED_BYTES).optional(),
  /** Sent as given (default {"type":"object","properties":{}}). */
  inputSchema: JsonObjectSchema.optional(),
  /** LIMIT-1: a "$comment" of stamped text is added so that JSON.stringify(inputSchema), the
   *  schema exactly as sent, is this many UTF-8 bytes. */
  inputSchemaBytes: count.max(MAX_STAMPED_BYTES).optional(),
  /** Characters of the stamped padding of this tool (default ascii). */
  fill: FillSchema.optional(),
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
  /** Outcome of every call not covered by `outcomes` (default echo). */
  outcome: ToolOutcomeSchema.optional(),
  /** Outcome of call #i (0-based, per tool): "first call X, later Y" = outcomes [X], outcome Y. */
  outcomes: z.array(ToolOutcomeSchema).optional(),
});

/** One content of a resources/read answer: text or a base64 blob. */
const ResourceContentsSchema = z.union([
  z.strictObject({ uri: z.string().optional(), mimeType: z.string().optional(), text: z.string() }),
  z.strictObject({ uri: z.string().optional(), mimeType: z.string().optional(), blob: z.string() }),
]);

export const ResourceSchema = z.strictObject({
  uri: z.string(),
  name: z.string(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
  /** Contents for resources/read: text, or base64 blob (default: empty text). */
  text: z.string().optional(),
  blob: z.string().optional(),
  /** Several contents answer one read, in this order (RESOURCE-3: first, middle, last), each
   *  under the resource's URI unless it names its own. Instead of text, blob or textBytes. */
  contents: z.array(ResourceContentsSchema).min(1).optional(),
  /** What resources/read of this URI meets instead of its contents (RESOURCE-1: a read that
   *  fails or never ends on the named server), as a tool's outcome fault. */
  fault: z.discriminatedUnion('kind', CallFaultMembers).optional(),
  /** The text contents are exactly this many UTF-8 bytes of stamped text (instead of `text`). */
  textBytes: count.max(MAX_STAMPED_BYTES).optional(),
  fill: FillSchema.optional(),
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
  /** prompts/get of this (listed) prompt is answered with a JSON-RPC error carrying this message. */
  error: z.string().optional(),
});

export const ServerBehaviourSchema = z.strictObject({
  /** serverInfo (defaults "fake-mcp" / "1.0.0"). */
  name: z.string().optional(),
  version: z.string().optional(),
  instructions: z.string().optional(),
  /** The revisions offered (default DEFAULT_PROTOCOL_OFFER): a server without 2026-07-28 answers
   *  server/discover as a 2025-11-25 server does (method not found), so dual-era hosts fall back. */
  protocol: ProtocolOfferSchema.optional(),
  /** Misbehaviour at connect, initialize and each list, e.g. { 'tools/list': { kind: 'never' } }. */
  stages: StagesSchema.optional(),
  tools: z.array(ToolSchema).optional(),
  /** Appends exactly `count` echo tools named `${prefix}${i}` (default prefix "tool_"), each
   *  description `descriptionBytes` UTF-8 bytes of stamped text when given. */
  generateTools: z
    .strictObject({ count, prefix: z.string().optional(), descriptionBytes: count.max(MAX_STAMPED_BYTES).optional(), fill: FillSchema.optional() })
    .optional(),
  toolsList: z
    .strictObject({
      /** Splits the list over exactly this many pages (cursor pagination); pages may be empty. */
      pages: z.number().int().min(1).optional(),
      /** LIMIT-1: the sum over every listed tool of the UTF-8 bytes of JSON.stringify(tool), the
       *  tool exactly as sent, is this many bytes; the generated tools' descriptions carry the
       *  padding (needs generateTools, excludes generateTools.descriptionBytes). */
      definitionsBytes: count.max(MAX_STAMPED_BYTES).optional(),
      /** 2026-07-28: each tools/list result says it may be cached this long (ms); else ttlMs 0. */
      ttlMs: count.optional(),
      /** 2025-11-25 (a server-to-client request on the list's stream): before answering the first
       *  tools/list the server asks the host this, declared or not, while the host is still
       *  starting and has shown the user nothing (ASK-1). */
      askFirst: ServerAskSchema.optional(),
    })
    .optional(),
  /** After `afterCalls` tools/call (default 1) the list becomes `tools` and list_changed is sent
   *  (on the call's own stream: a call answered on the raw HTTP response switches nothing). */
  listChanged: z.strictObject({ afterCalls: z.number().int().min(1).optional(), tools: z.array(ToolSchema) }).optional(),
  /** INJECT-4: initialize requests after the first `afterInitializes` see `tools` instead (HTTP and SSE:
   *  the server outlives host restarts, a stdio server does not). */
  rugPull: z
    .strictObject({
      afterInitializes: z.number().int().min(1),
      tools: z.array(ToolSchema),
      /** The initialize of this number (1-based) is answered with an error: the server is
       *  unavailable at that host start, the outage during which the rug pull happens. */
      outageAtInitialize: z.number().int().min(1).optional(),
    })
    .optional(),
  resources: z.array(ResourceSchema).optional(),
  resourceTemplates: z.array(ResourceTemplateSchema).optional(),
  prompts: z.array(PromptSchema).optional(),
  /** LIMIT-1 beyond tools: resources/list, resources/templates/list and prompts/list are each
   *  split over exactly this many pages (cursor pagination; pages may be empty). */
  extrasList: z.strictObject({ pages: z.number().int().min(1) }).optional(),
  http: z
    .strictObject({
      flavour: z.enum(['streamable-http', 'sse']).optional(),
      /** Streamable HTTP sessions (default stateful). */
      session: z.enum(['stateful', 'stateless']).optional(),
      /** Streamable HTTP answers as application/json instead of SSE (default false). */
      jsonResponse: z.boolean().optional(),
      /** Every request must carry `Authorization: Bearer <this>`, else 401. */
      requireBearer: z.string().optional(),
      /** SSE flavour: the endpoint event names this origin (a trap's) instead of the server's own;
       *  the path /messages?sessionId=... is kept (TRANSPORT-2: a host must refuse it). */
      sseEndpointOrigin: z.string().optional(),
      /** Streamable HTTP: every request of these methods (the GET event stream, the session
       *  DELETE) is answered by this redirect; POSTs are served as usual (NET-2 per request kind). */
      redirectMethods: z
        .strictObject({ methods: z.array(z.enum(['GET', 'DELETE'])).min(1), status: z.number().int().min(300).max(399), location: z.string() })
        .optional(),
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
      /** Ignores the end of its stdin and SIGTERM, as a busy or careless server does: only
       *  SIGKILL stops it, so a host must escalate after a grace period (STDIO-5). */
      stubborn: z.boolean().optional(),
      /** Once its tools/list answer is written the server closes its stdin and keeps running, so
       *  the host's next write (the call) meets a closed pipe: EPIPE (STDIO-6). */
      closeStdinAfterListing: z.boolean().optional(),
      /** Variables its calls need (a credential configured for it): while one is unset or empty,
       *  every call answers isError naming it, as a server refusing an unauthenticated call does
       *  (CRED-2's guard: the calls complete only with the credentials in use). */
      callsNeedEnv: z.array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/)).optional(),
    })
    .optional(),
});

export type ContentBlock = z.infer<typeof ContentBlockSchema>;
export type ServerAsk = z.infer<typeof ServerAskSchema>;
export type ToolOutcome = z.infer<typeof ToolOutcomeSchema>;
export type FakeTool = z.infer<typeof ToolSchema>;
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
