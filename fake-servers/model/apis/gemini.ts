// Gemini generateContent / streamGenerateContent (SSE) / countTokens, as Gemini CLI speaks it:
// the key in x-goog-api-key or ?key= (CRED-2), systemInstruction as the instructions
// (EXPOSE-6), functionResponse parts as the tool results (RESULT-*). Gemini's calls need not
// carry ids, so a result without one takes the id of the call it answers: the id the mock
// issued, else one derived from the call's place in the history, the same in every request.
import { HttpResponse } from 'msw';
import { z } from 'zod';
import { parseBodyWith, type RequestProblem, type RequestSummary } from '../request.js';
import { chunks, estimateTokens } from '../response-builder.js';
import { Conversation, offeredFunction, otherTool } from './normalise.js';
import { argumentsObject, keyHeader, sseResponse, summarised, textOf, type SideSignals, type WireApi } from './wire-api.js';

const PartSchema = z.looseObject({
  text: z.string().optional(),
  functionCall: z.looseObject({ name: z.string(), args: z.unknown().optional(), id: z.string().optional() }).optional(),
  functionResponse: z.looseObject({ name: z.string(), response: z.unknown().optional(), id: z.string().optional() }).optional(),
});
const ContentSchema = z.looseObject({ role: z.string().optional(), parts: z.array(PartSchema).optional() });
const DeclarationSchema = z.looseObject({
  name: z.string({ error: 'Missing required field' }),
  description: z.string().optional(),
  parameters: z.unknown().optional(),
  parametersJsonSchema: z.unknown().optional(),
});

const GenerateSchema = z.looseObject({
  contents: z.array(ContentSchema).optional(),
  systemInstruction: z.union([z.string(), ContentSchema]).optional(),
  tools: z.array(z.looseObject({ functionDeclarations: z.array(DeclarationSchema).optional() })).optional(),
  generationConfig: z
    .looseObject({
      responseMimeType: z.string().optional(),
      responseSchema: z.unknown().optional(),
      responseJsonSchema: z.unknown().optional(),
      maxOutputTokens: z.number().optional(),
    })
    .optional(),
});
/** countTokens takes either bare contents or a whole generateContent request. */
const CountSchema = GenerateSchema.extend({ generateContentRequest: GenerateSchema.optional() });
type GenerateRequest = z.infer<typeof CountSchema>;

const ROUTE = (method: string): RegExp => new RegExp(`/(v1|v1beta|v1alpha)/models/[^/]+:${method}$`);
const modelOf = (url: URL): string => /\/models\/([^/:]+):/.exec(url.pathname)?.[1] ?? '';

/** The API's convention: `{output}` for a result, `{error}` for a failure. */
function errorFlag(response: unknown): boolean | undefined {
  if (response === null || typeof response !== 'object') return undefined;
  return 'error' in response ? true : 'output' in response ? false : undefined;
}

function summarise(given: GenerateRequest, url: URL): { summary: RequestSummary; signals: SideSignals } {
  const body = given.generateContentRequest ?? given;
  const conversation = new Conversation();
  if (body.systemInstruction !== undefined)
    conversation.system(typeof body.systemInstruction === 'string' ? body.systemInstruction : textOf(body.systemInstruction.parts));
  let answerable: { name: string; id: string }[] = [];
  (body.contents ?? []).forEach((content, c) => {
    const parts = content.parts ?? [];
    parts.forEach((p, i) => {
      if (p.functionResponse === undefined) return;
      const at = answerable.findIndex((call) => call.name === p.functionResponse?.name);
      const id = p.functionResponse.id ?? (at >= 0 ? answerable.splice(at, 1)[0]?.id : undefined) ?? `gemini_call_${c}_${i}`;
      conversation.output(id, p.functionResponse.response, errorFlag(p.functionResponse.response));
    });
    const texts = parts.filter((p) => p.text !== undefined);
    if (texts.length > 0) conversation.message(content.role === 'model' ? 'assistant' : (content.role ?? 'user'), textOf(texts));
    const calls = parts.flatMap((p, i) =>
      p.functionCall === undefined ? [] : [{ name: p.functionCall.name, id: p.functionCall.id ?? `gemini_call_${c}_${i}`, args: p.functionCall.args }],
    );
    for (const call of calls) conversation.call(call.id, call.name, JSON.stringify(call.args ?? {}));
    if (calls.length > 0) answerable = calls;
  });
  const tools = (body.tools ?? []).flatMap((tool) =>
    Object.entries(tool).flatMap(([kind, value]) =>
      kind === 'functionDeclarations'
        ? (tool.functionDeclarations ?? []).map((d) => offeredFunction(d.name, d.description, d.parameters ?? d.parametersJsonSchema))
        : value === undefined
          ? []
          : [otherTool(kind)],
    ),
  );
  const config = body.generationConfig ?? {};
  const schema = config.responseJsonSchema ?? config.responseSchema;
  const signals: SideSignals = {
    ...(config.responseMimeType === 'application/json' || schema !== undefined ? { json: { schema } } : {}),
    ...(config.maxOutputTokens === undefined ? {} : { maxTokens: config.maxOutputTokens }),
  };
  return { summary: conversation.summary(modelOf(url), url.pathname.endsWith(':streamGenerateContent'), tools), signals };
}

const STATUS_NAMES: Record<number, string> = { 400: 'INVALID_ARGUMENT', 403: 'PERMISSION_DENIED', 404: 'NOT_FOUND' };

function geminiError(status: number, problem: RequestProblem): Response {
  const details =
    problem.code === 'API_KEY_INVALID'
      ? { details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' }] }
      : {};
  return HttpResponse.json({ error: { code: status, message: problem.message, status: STATUS_NAMES[status] ?? 'INTERNAL', ...details } }, { status });
}

// The real API answers a missing key 403 and a wrong one 400, not 401.
const MISSING_KEY =
  "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.";

export const geminiApi: WireApi = {
  api: 'gemini',
  routes: [
    { kind: 'turn', path: ROUTE('generateContent') },
    { kind: 'turn', path: ROUTE('streamGenerateContent') },
    { kind: 'count', path: ROUTE('countTokens') },
  ],
  credential: ({ headers, url }) =>
    keyHeader(headers, 'x-goog-api-key') ?? (url.searchParams.has('key') ? { carrier: '?key', value: url.searchParams.get('key') ?? '' } : null),
  refusal: (credential) =>
    credential === null
      ? { status: 403, problem: { message: MISSING_KEY, param: null, code: 'PERMISSION_DENIED' } }
      : { status: 400, problem: { message: 'API key not valid. Please pass a valid API key.', param: null, code: 'API_KEY_INVALID' } },
  error: geminiError,
  parse: ({ url, text }) => summarised(parseBodyWith(CountSchema, text), (body) => summarise(body, url)),
  count: (_request, rawBody) => HttpResponse.json({ totalTokens: estimateTokens(rawBody) }),
  answer(turn, request, ids, rawBody) {
    const callParts = turn.calls.map((c) => ({ functionCall: { id: ids.next('call'), name: c.name, args: argumentsObject(c.arguments) } }));
    const promptTokenCount = estimateTokens(rawBody);
    const candidatesTokenCount = estimateTokens((turn.message ?? '') + turn.calls.map((c) => c.arguments).join(''));
    const usageMetadata = { promptTokenCount, candidatesTokenCount, totalTokenCount: promptTokenCount + candidatesTokenCount };
    const head = { modelVersion: request.model ?? '', responseId: ids.next('resp') };
    const piece = (parts: unknown[], last: boolean): Record<string, unknown> => ({
      candidates: [{ content: { role: 'model', parts }, index: 0, ...(last ? { finishReason: 'STOP' } : {}) }],
      ...(last ? { usageMetadata } : {}),
      ...head,
    });
    const textParts = turn.message === undefined ? [] : [{ text: turn.message }];
    if (!request.stream) return HttpResponse.json(piece([...textParts, ...callParts], true));
    // Text in a few pieces, then the calls whole (Gemini does not split arguments); the last piece finishes.
    const groups: unknown[][] = [
      ...(turn.message === undefined ? [] : chunks(turn.message).map((text) => [{ text }])),
      ...(callParts.length > 0 ? [callParts] : []),
    ];
    const pieces = (groups.length > 0 ? groups : [[{ text: '' }]]).map((parts, i, all) => piece(parts, i === all.length - 1));
    // Without alt=sse the API streams one JSON array of the pieces.
    if (new URLSearchParams(request.search).get('alt') !== 'sse') return HttpResponse.json(pieces);
    return sseResponse(pieces.map((p) => `data: ${JSON.stringify(p)}\r\n\r\n`));
  },
};
