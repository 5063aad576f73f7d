// The OpenAI Responses API (POST /v1/responses), as it always was: Bearer auth, the API's 4xx
// shapes, the Response object or its SSE events. No side-call signals: its behaviour is fixed.
import { HttpResponse } from 'msw';
import { parseRequestBody, summariseRequest, type ModelCredential, type RequestProblem } from '../request.js';
import { buildAnswer, sseFrame } from '../response-builder.js';
import { bearer, sseResponse, summarised, type WireApi } from './wire-api.js';

/** The error body OpenAI's APIs answer with. */
export function openAiError(status: number, problem: RequestProblem): Response {
  const type = status >= 500 ? 'server_error' : 'invalid_request_error';
  return HttpResponse.json({ error: { message: problem.message, type, param: problem.param, code: problem.code } }, { status });
}

/** OpenAI's 401 for a missing or wrong key. */
export function openAiRefusal(credential: ModelCredential | null): { status: number; problem: RequestProblem } {
  const message = credential === null ? 'missing Authorization header' : 'Incorrect API key provided.';
  return { status: 401, problem: { message, param: null, code: 'invalid_api_key' } };
}

export const responsesApi: WireApi = {
  api: 'responses',
  routes: [{ kind: 'turn', path: '*/v1/responses' }],
  credential: ({ headers }) => bearer(headers),
  refusal: openAiRefusal,
  error: openAiError,
  parse: ({ text }) => summarised(parseRequestBody(text), (body) => ({ summary: summariseRequest(body), signals: {} })),
  answer(turn, request, ids, rawBody) {
    const answer = buildAnswer(turn, request, { response: ids.next('resp'), next: ids.next }, rawBody);
    const headers = { 'x-request-id': `req_mock${request.index}` };
    return request.stream ? sseResponse(answer.events.map(sseFrame), headers) : HttpResponse.json(answer.response, { headers });
  },
};
