// msw handlers for the mock Responses API: the same handlers serve other processes through
// node-bridge.ts and the test process through setupServer. Every request is journaled
// before it is answered (CRED-2, EXPOSE-*, RESULT-*); bad requests get the real API's 4xx.
import { http, HttpResponse, type HttpHandler } from 'msw';
import { ModelJournalRecorder, type ModelJournal } from './journal.js';
import { parseRequestBody, summariseRequest, type ModelRequestRecord, type RequestProblem } from './request.js';
import { buildAnswer, sseFrame, type TurnIds } from './response-builder.js';
import { ScriptedModel, type ModelStep, type ModelTurn } from './script.js';
import type { ScriptContext } from './script.js';

export interface MockModelOptions {
  script: readonly ModelStep[];
  /** When set, any other Authorization than `Bearer <apiKey>` is answered 401. */
  apiKey?: string;
  /** The tools the scenario's servers offer (names and descriptions): how the model finds its targets. */
  catalogue?: ScriptContext['catalogue'];
  /** The host's file tool, for readFile targets. */
  fileTool?: ScriptContext['fileTool'];
}

export interface MockModelHandlers {
  handlers: HttpHandler[];
  journal: ModelJournal;
}

function apiError(status: number, problem: RequestProblem, type = 'invalid_request_error'): Response {
  return HttpResponse.json({ error: { message: problem.message, type, param: problem.param, code: problem.code } }, { status });
}

function baseRecord(index: number, receivedAt: number, request: Request, headers: Record<string, string>): ModelRequestRecord {
  return {
    index,
    receivedAt,
    method: request.method,
    path: new URL(request.url).pathname,
    search: new URL(request.url).search,
    headers,
    authorization: headers['authorization'] ?? null,
    body: undefined,
    model: null,
    stream: false,
    instructions: null,
    input: [],
    tools: [],
    functionCallOutputs: [],
  };
}

function sseResponse(frames: string[], requestId: string): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const frame of frames) controller.enqueue(encoder.encode(frame));
      controller.close();
    },
  });
  return new HttpResponse(body, {
    headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'x-request-id': requestId },
  });
}

/** Creates a fresh scripted model with its journal and the handlers that serve it. */
export function createModelHandlers(options: MockModelOptions): MockModelHandlers {
  const journal = new ModelJournalRecorder();
  const model = new ScriptedModel(options.script, { catalogue: options.catalogue ?? [], ...(options.fileTool === undefined ? {} : { fileTool: options.fileTool }) });
  let serial = 0;
  const nextId = (prefix: string): string => `${prefix}_mock${(++serial).toString(16).padStart(12, '0')}`;

  const answerResponses = async ({ request }: { request: Request }): Promise<Response> => {
    const receivedAt = performance.now();
    const text = await request.text();
    // The index is taken after the only await, so it is this record's position in the journal.
    const record = baseRecord(journal.nextIndex, receivedAt, request, Object.fromEntries(request.headers));
    const requestId = `req_mock${record.index}`;
    const parsed = parseRequestBody(text);
    // The body is journaled even when refused: CRED-3 checks every byte sent to the provider.
    const seen = { ...record, body: parsed.json, ...(parsed.json === undefined ? { rawBody: text } : {}) };
    const fail = (status: number, problem: RequestProblem, type?: string): Response => {
      journal.record({ ...seen, error: problem.message });
      return apiError(status, problem, type);
    };
    if (options.apiKey !== undefined && record.authorization !== `Bearer ${options.apiKey}`) {
      const problem = record.authorization === null ? 'missing Authorization header' : 'Incorrect API key provided.';
      return fail(401, { message: problem, param: null, code: 'invalid_api_key' });
    }
    if (!parsed.ok) return fail(400, parsed.problem);
    const accepted = { ...record, body: parsed.json, ...summariseRequest(parsed.body) };
    let turn: ModelTurn;
    try {
      turn = model.answer(accepted);
    } catch (error) {
      // A broken script function is the suite's bug; the host sees a server error.
      const message = `script step failed: ${error instanceof Error ? error.message : String(error)}`;
      journal.record({ ...accepted, error: message });
      return apiError(500, { message, param: null, code: 'server_error' }, 'server_error');
    }
    journal.recordUnresolved(turn.unresolved);
    journal.record(accepted);
    const ids: TurnIds = { response: nextId('resp'), next: nextId };
    const answer = buildAnswer(turn, accepted, ids, text);
    if (accepted.stream) return sseResponse(answer.events.map(sseFrame), requestId);
    return HttpResponse.json(answer.response, { headers: { 'x-request-id': requestId } });
  };

  // Anything else under /v1 is journaled too, so a host's unexpected endpoint is visible.
  const unknownEndpoint = ({ request }: { request: Request }): Response => {
    const record = baseRecord(journal.nextIndex, performance.now(), request, Object.fromEntries(request.headers));
    const message = `Invalid URL (${request.method} ${record.path})`;
    journal.record({ ...record, error: message });
    return apiError(404, { message, param: null, code: 'unknown_url' });
  };

  return {
    handlers: [http.post('*/v1/responses', answerResponses), http.all('*/v1/*', unknownEndpoint)],
    journal,
  };
}
