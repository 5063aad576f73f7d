// msw handlers for the mock model on every API it speaks (apis/*): the same handlers serve
// other processes through node-bridge.ts and the test process through setupServer. Every
// request is journaled before it is answered (CRED-2, EXPOSE-*, RESULT-*), in one normalised
// shape whatever the API; bad requests get the real API's 4xx; side calls do not use up steps.
import { http, type HttpHandler } from 'msw';
import { anthropicApi } from './apis/anthropic.js';
import { chatCompletionsApi } from './apis/chat-completions.js';
import { geminiApi } from './apis/gemini.js';
import { responsesApi } from './apis/responses.js';
import type { RouteKind, WireApi } from './apis/wire-api.js';
import { ModelJournalRecorder, type ModelJournal } from './journal.js';
import type { ModelCredential, ModelRequestRecord, ParsedModelRequest, RequestProblem } from './request.js';
import { ScriptedModel, type ModelStep, type ModelTurn } from './script.js';
import type { ScriptContext } from './script.js';
import { sideCallReason, sideCallTurn, type SideCallRule } from './side-calls.js';

export interface MockModelOptions {
  script: readonly ModelStep[];
  /** When set, a request without this key in its API's own credential header is refused as that API refuses. */
  apiKey?: string;
  /** The tools the scenario's servers offer (names and descriptions): how the model finds its targets. */
  catalogue?: ScriptContext['catalogue'];
  /** The host's file tool, for readFile targets. */
  fileTool?: ScriptContext['fileTool'];
  /** The host's bridge functions, for MCP tools it lists only in text (bridges.ts). */
  bridges?: ScriptContext['bridges'];
  /** More shapes to take for side calls, beyond the built-in ones (side-calls.ts). */
  sideCallRule?: SideCallRule;
}

export interface MockModelHandlers {
  handlers: HttpHandler[];
  journal: ModelJournal;
}

const APIS: readonly WireApi[] = [responsesApi, chatCompletionsApi, anthropicApi, geminiApi];

function baseRecord(
  api: WireApi,
  index: number,
  receivedAt: number,
  request: Request,
  headers: Record<string, string>,
  credential: ModelCredential | null,
): ModelRequestRecord {
  const url = new URL(request.url);
  return {
    api: api.api,
    index,
    receivedAt,
    method: request.method,
    path: url.pathname,
    search: url.search,
    headers,
    authorization: credential === null ? null : credential.carrier === 'authorization' ? (headers['authorization'] ?? null) : credential.value,
    credential,
    body: undefined,
    model: null,
    stream: false,
    instructions: null,
    input: [],
    tools: [],
    functionCallOutputs: [],
  };
}

/** The key as the carrying header must spell it. */
const expected = (credential: ModelCredential, apiKey: string): string => (credential.carrier === 'authorization' ? `Bearer ${apiKey}` : apiKey);

/** Creates a fresh scripted model with its journal and the handlers that serve it. */
export function createModelHandlers(options: MockModelOptions): MockModelHandlers {
  const journal = new ModelJournalRecorder();
  const model = new ScriptedModel(options.script, {
    catalogue: options.catalogue ?? [],
    ...(options.fileTool === undefined ? {} : { fileTool: options.fileTool }),
    bridges: options.bridges ?? [],
  });
  let serial = 0;
  const ids = { next: (prefix: string): string => `${prefix}_mock${(++serial).toString(16).padStart(12, '0')}` };

  const serve =
    (api: WireApi, kind: RouteKind) =>
    async ({ request }: { request: Request }): Promise<Response> => {
      const receivedAt = performance.now();
      const text = await request.text();
      // Everything below is synchronous, so the index is this record's position in its list.
      const headers = Object.fromEntries(request.headers);
      const incoming = { url: new URL(request.url), headers, text };
      const credential = api.credential(incoming);
      const parsed = api.parse(incoming);
      const side = parsed.ok ? sideCallReason(kind, parsed.body.signals, parsed.body.summary, options.sideCallRule) : kind === 'count' ? 'token count' : null;
      const record = baseRecord(api, side === null ? journal.nextIndex : journal.nextSideIndex, receivedAt, request, headers, credential);
      const keep = (entry: ModelRequestRecord): void => (side === null ? journal.record(entry) : journal.recordSideCall({ ...entry, side }));
      // The body is journaled even when refused: CRED-3 checks every byte sent to the provider.
      const seen = { ...record, body: parsed.json, ...(parsed.json === undefined ? { rawBody: text } : {}) };
      const fail = (status: number, problem: RequestProblem, entry: ModelRequestRecord = seen): Response => {
        keep({ ...entry, error: problem.message });
        return api.error(status, problem);
      };
      if (options.apiKey !== undefined && (credential === null || record.authorization !== expected(credential, options.apiKey))) {
        const refusal = api.refusal(credential);
        return fail(refusal.status, refusal.problem);
      }
      if (!parsed.ok) return fail(400, parsed.problem);
      const accepted: ParsedModelRequest = { ...record, body: parsed.json, ...parsed.body.summary };
      if (side !== null) {
        keep(accepted);
        return kind === 'count' && api.count !== undefined ? api.count(accepted, text) : api.answer(sideCallTurn(parsed.body.signals), accepted, ids, text);
      }
      let turn: ModelTurn;
      try {
        turn = model.answer(accepted);
      } catch (error) {
        // A broken script function is the suite's bug; the host sees a server error.
        return fail(
          500,
          { message: `script step failed: ${error instanceof Error ? error.message : String(error)}`, param: null, code: 'server_error' },
          accepted,
        );
      }
      journal.recordUnresolved(turn.unresolved);
      journal.record(accepted);
      return api.answer(turn, accepted, ids, text);
    };

  // Anything else under an API's prefix is journaled too, so a host's unexpected endpoint is visible.
  const unknownEndpoint =
    (fallback: WireApi) =>
    ({ request }: { request: Request }): Response => {
      const headers = Object.fromEntries(request.headers);
      const api = 'anthropic-version' in headers ? anthropicApi : fallback;
      const record = baseRecord(api, journal.nextIndex, performance.now(), request, headers, api.credential({ url: new URL(request.url), headers, text: '' }));
      const message = `Invalid URL (${request.method} ${record.path})`;
      journal.record({ ...record, error: message });
      return api.error(404, { message, param: null, code: 'unknown_url' });
    };

  const routes = APIS.flatMap((api) => api.routes.map((route) => http.post(route.path, serve(api, route.kind))));
  return {
    handlers: [...routes, http.all('*/v1/*', unknownEndpoint(responsesApi)), http.all('*/v1beta/*', unknownEndpoint(geminiApi))],
    journal,
  };
}
