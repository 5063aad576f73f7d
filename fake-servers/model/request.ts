// Parses one POST /v1/responses body loosely, the way the real API validates it, and
// summarises what a verdict needs: offered tools (EXPOSE-1..6), instructions (EXPOSE-6),
// function_call_output statuses (RESULT-1..9) and the Authorization header (CRED-2, CRED-3).
import { z } from 'zod';

const NamedFunctionSchema = z.looseObject({
  type: z.string(),
  name: z.string().optional(),
  description: z.string().nullish(),
  parameters: z.unknown().optional(),
  strict: z.boolean().nullish(),
});

const RequestToolSchema = NamedFunctionSchema.extend({
  tools: z.array(NamedFunctionSchema).optional(),
}).superRefine((tool, ctx) => {
  // Function and namespace tools need a name; the real API answers 400 without one.
  if ((tool.type === 'function' || tool.type === 'namespace') && tool.name === undefined) {
    ctx.addIssue({ code: 'custom', path: ['name'], message: `Missing required parameter for a ${tool.type} tool` });
  }
  if (tool.type === 'namespace' && tool.tools === undefined) {
    ctx.addIssue({ code: 'custom', path: ['tools'], message: 'Missing required parameter for a namespace tool' });
  }
});

const InputItemSchema = z
  .looseObject({
    type: z.string().optional(),
    role: z.string().optional(),
    call_id: z.string().optional(),
    output: z.unknown().optional(),
  })
  .superRefine((item, ctx) => {
    if (item.type === 'function_call_output') {
      if (item.call_id === undefined) ctx.addIssue({ code: 'custom', path: ['call_id'], message: 'Missing required parameter' });
      if (item.output === undefined) ctx.addIssue({ code: 'custom', path: ['output'], message: 'Missing required parameter' });
    }
  });

export const ResponsesRequestSchema = z.looseObject({
  model: z.string({ error: 'Missing required parameter' }),
  input: z.union([z.string(), z.array(InputItemSchema)]).optional(),
  instructions: z.string().nullish(),
  tools: z.array(RequestToolSchema).optional(),
  stream: z.boolean().nullish(),
});
export type ResponsesRequest = z.infer<typeof ResponsesRequestSchema>;

/** One callable function as offered; functions inside a namespace tool carry its name. */
export interface OfferedTool {
  type: string;
  name: string;
  namespace?: string;
  description: string | null;
  parameters: unknown;
  strict: boolean | null;
}

export interface FunctionCallOutputRecord {
  call_id: string;
  output: unknown;
  /** The API's own error flag for this result, where it has one (Anthropic is_error; Gemini: an `error` key in the response). */
  isError?: boolean;
  /** Set when output is a JSON string of the form {"status": S, "output": ...}. */
  parsed?: { status: string; output: unknown };
}

/** The wire format a request came in. */
export type ModelApi = 'responses' | 'chat' | 'anthropic' | 'gemini';

/** A credential and where it rode: a header name, or `?key` for the query. */
export interface ModelCredential {
  carrier: 'authorization' | 'x-api-key' | 'x-goog-api-key' | '?key';
  /** The key itself, any `Bearer ` scheme removed. */
  value: string;
}

export interface ModelRequestRecord {
  api: ModelApi;
  index: number;
  /** performance.now() when the request arrived. */
  receivedAt: number;
  method: string;
  path: string;
  /** The query string, "?" included ("" when none): a credential may ride in it (CRED-2). */
  search: string;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  /** The credential as sent (the header's whole value, or the `?key` value), whatever carried it (CRED-2). */
  authorization: string | null;
  credential: ModelCredential | null;
  /** The parsed JSON body; undefined when it was not JSON. */
  body: unknown;
  /** The raw text, kept only when the body was not JSON. */
  rawBody?: string;
  /** What was wrong, for requests answered with an error status. */
  error?: string;
  model: string | null;
  stream: boolean;
  instructions: string | null;
  input: unknown[];
  tools: OfferedTool[];
  functionCallOutputs: FunctionCallOutputRecord[];
}

/** What a script function step sees: a request that passed validation. */
export type ParsedModelRequest = Omit<ModelRequestRecord, 'error' | 'rawBody'>;

export interface RequestProblem {
  message: string;
  param: string | null;
  code: string;
}

function issuePath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)), '');
}

function offeredTools(tools: ResponsesRequest['tools']): OfferedTool[] {
  const out: OfferedTool[] = [];
  const summary = (t: z.infer<typeof NamedFunctionSchema>, namespace?: string): OfferedTool => ({
    type: t.type,
    name: t.name ?? '',
    ...(namespace === undefined ? {} : { namespace }),
    description: t.description ?? null,
    parameters: t.parameters,
    strict: t.strict ?? null,
  });
  for (const tool of tools ?? []) {
    if (tool.type === 'namespace') for (const inner of tool.tools ?? []) out.push(summary(inner, tool.name));
    else out.push(summary(tool));
  }
  return out;
}

export function parseOutput(output: unknown): FunctionCallOutputRecord['parsed'] {
  if (typeof output !== 'string') return undefined;
  try {
    const value: unknown = JSON.parse(output);
    if (value !== null && typeof value === 'object' && 'status' in value && typeof value.status === 'string' && 'output' in value) {
      return { status: value.status, output: value.output };
    }
  } catch {
    // Not JSON: the host sent plain text, recorded as is.
  }
  return undefined;
}

function inputItems(input: ResponsesRequest['input']): unknown[] {
  if (input === undefined) return [];
  return typeof input === 'string' ? [{ role: 'user', content: input }] : input;
}

/** The fields every API fills from its validated body. */
export type RequestSummary = Pick<ModelRequestRecord, 'model' | 'stream' | 'instructions' | 'input' | 'tools' | 'functionCallOutputs'>;

/** Fields filled from a validated body. */
export function summariseRequest(body: ResponsesRequest): RequestSummary {
  const input = inputItems(body.input);
  const functionCallOutputs: FunctionCallOutputRecord[] = [];
  for (const item of input) {
    const i = item as { type?: string; call_id?: string; output?: unknown };
    if (i.type !== 'function_call_output') continue;
    const parsed = parseOutput(i.output);
    functionCallOutputs.push({ call_id: i.call_id ?? '', output: i.output, ...(parsed ? { parsed } : {}) });
  }
  return {
    model: body.model,
    stream: body.stream === true,
    instructions: body.instructions ?? null,
    input,
    tools: offeredTools(body.tools),
    functionCallOutputs,
  };
}

export type BodyParse<T> = { ok: true; body: T; json: unknown } | { ok: false; json: unknown; problem: RequestProblem };

/** Parses raw body text against an API's schema; a problem is phrased like the real APIs' 400 answers. */
export function parseBodyWith<T>(schema: z.ZodType<T>, text: string): BodyParse<T> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      json: undefined,
      problem: {
        message: `We could not parse the JSON body of your request. (${detail})`,
        param: null,
        code: 'invalid_json',
      },
    };
  }
  const result = schema.safeParse(json);
  if (result.success) return { ok: true, body: result.data, json };
  const issue = result.error.issues[0];
  const param = issue ? issuePath(issue.path) : '';
  return {
    ok: false,
    json,
    problem: {
      message: result.error.issues.map((i) => `${issuePath(i.path) || '(body)'}: ${i.message}`).join('; '),
      param: param || null,
      code: 'invalid_request_error',
    },
  };
}

/** Parses one Responses API body. */
export const parseRequestBody = (text: string): BodyParse<ResponsesRequest> => parseBodyWith(ResponsesRequestSchema, text);
