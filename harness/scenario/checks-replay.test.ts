import { describe, expect, test } from 'vitest';
import { legacySessionLoads, nothingReinvoked, pendingStillAnswered, resumedHistoryCarries } from './checks-replay.js';
import { modelRequest, observations, outcome, request, server, userMessage } from './test-fixtures/observations.js';

const RESULT = 'recorded-result-1';
const output = (request: number) => ({
  request,
  api: 'responses' as const,
  callId: 'c1',
  output: `{"status":"completed","output":"${RESULT}"}`,
  text: `{"status":"completed","output":"${RESULT}"}`,
  status: 'completed' as const,
});
const resumed = (carries: boolean) =>
  observations({
    sessionStarts: [
      { request: 0, mono: 0 },
      { request: 2, mono: 500 },
    ],
    modelRequests: [modelRequest(0), modelRequest(1), modelRequest(2, [userMessage(carries ? `earlier: ${RESULT}` : 'nothing')])],
    modelRequestMono: [10, 20, 600],
    toolOutputs: [output(1)],
  });

describe('REPLAY through the host', () => {
  test("the resumed start's first request must carry the first start's results", () => {
    expect(resumedHistoryCarries([RESULT])(resumed(true)).verdict).toBe('PASS');
    expect(resumedHistoryCarries([RESULT])(resumed(false)).verdict).toBe('FAIL');
  });

  test('no second start, or a result that never ran in the first, is not reached', () => {
    expect(resumedHistoryCarries([RESULT])(observations({ toolOutputs: [output(0)], modelRequests: [modelRequest(0)] })).reached).toBe(false);
    expect(resumedHistoryCarries(['never-ran'])(resumed(true)).reached).toBe(false);
  });

  test('a tools/call after the resume fails; one before it (the first start) does not count', () => {
    const base = resumed(true);
    const before = { ...base, servers: server('docs', [request('tools/call', 1, 100)]) };
    const after = { ...base, servers: server('docs', [request('tools/call', 1, 100), request('tools/call', 2, 700)]) };
    expect(nothingReinvoked(['docs'], RESULT)(before).verdict).toBe('PASS');
    expect(nothingReinvoked(['docs'], RESULT)(after).verdict).toBe('FAIL');
    // The session resuming with its history is REPLAY-1's demand too: owed, not a precondition.
    expect(outcome(nothingReinvoked(['docs'], RESULT)({ ...resumed(false), servers: before.servers }))).toBe('NEVER-HAPPENED');
    // The first start's result never reached the model: the history cannot carry it, so it is not owed.
    expect(outcome(nothingReinvoked(['docs'], RESULT)({ ...resumed(false), servers: before.servers, toolOutputs: [] }))).toBe('NOT-REACHED');
  });

  test('nothing invoked by the first start, as the servers journal it, is not reached: the tool output the host sent does not decide', () => {
    // The model found no tool, so nothing was sent: the session holds nothing to re-invoke.
    expect(outcome(nothingReinvoked(['docs'], RESULT)({ ...resumed(false), toolOutputs: [] }))).toBe('NOT-REACHED');
    // The first start read, but the host never gave the model the result: a read sent again after the resume still fails.
    const reread = { ...resumed(false), toolOutputs: [], servers: server('docs', [request('resources/read', 1, 100), request('resources/read', 2, 700)]) };
    expect(nothingReinvoked(['docs'], RESULT)(reread).verdict).toBe('FAIL');
  });

  test('a resource read or a prompt fetched again after the resume is re-invoked too, a listing is not', () => {
    const base = resumed(true);
    const again = (method: string) => ({ ...base, servers: server('docs', [request('resources/read', 1, 100), request(method, 2, 700)]) });
    expect(nothingReinvoked(['docs'], RESULT)(again('resources/read')).verdict).toBe('FAIL');
    expect(nothingReinvoked(['docs'], RESULT)(again('prompts/get')).verdict).toBe('FAIL');
    expect(nothingReinvoked(['docs'], RESULT)(again('resources/list')).verdict).toBe('PASS');
  });

  test('a resumed host that never asks the model never opened the session: never happened (REPLAY-1..3 ask it)', () => {
    const silent = { ...resumed(true), modelRequests: [modelRequest(0), modelRequest(1)] };
    expect(outcome(resumedHistoryCarries([RESULT])(silent))).toBe('NEVER-HAPPENED');
    expect(outcome(nothingReinvoked(['docs'], RESULT)(silent))).toBe('NEVER-HAPPENED');
    const host = { ...observations().host, legacyMarker: 'old-text' };
    expect(outcome(legacySessionLoads()(observations({ host })))).toBe('NEVER-HAPPENED');
    expect(outcome(legacySessionLoads()(observations({ host, hostPid: null })))).toBe('NOT-REACHED');
  });

  test('a pre-MCP session loads when its text reaches the model; a profile naming none is not reached', () => {
    const host = { ...observations().host, legacyMarker: 'old-text' };
    expect(legacySessionLoads()(observations({ host, modelRequests: [modelRequest(0, [userMessage('old-text')])] })).verdict).toBe('PASS');
    expect(legacySessionLoads()(observations({ host, modelRequests: [modelRequest(0, [userMessage('new')])] })).verdict).toBe('FAIL');
    expect(legacySessionLoads()(observations()).reached).toBe(false);
  });

  test('resumed a second time, the pending call must still have an output meeting the rules; two starts are not reached', () => {
    const rule = { what: 'says unknown', ok: (o: string) => o.includes('unknown') };
    const withOutputs = (outputs: string[]) => ({ ...modelRequest(2), functionCallOutputs: outputs.map((output, i) => ({ call_id: `c${i}`, output })) });
    const third = (outputs: string[]) =>
      observations({
        sessionStarts: [
          { request: 0, mono: 0 },
          { request: 1, mono: 100 },
          { request: 2, mono: 200 },
        ],
        modelRequests: [modelRequest(0), modelRequest(1), withOutputs(outputs)],
      });
    expect(pendingStillAnswered([rule])(third(['{"status":"unknown"}'])).verdict).toBe('PASS');
    expect(pendingStillAnswered([rule])(third([])).verdict).toBe('FAIL');
    expect(pendingStillAnswered([rule])(resumed(true)).reached).toBe(false);
  });

  test('resumed again, the pre-MCP text must reach the first request of the last start; one start is not reached', () => {
    const host = { ...observations().host, legacyMarker: 'old-text' };
    const twice = (text: string) =>
      observations({
        host,
        sessionStarts: [
          { request: 0, mono: 0 },
          { request: 1, mono: 500 },
        ],
        modelRequests: [modelRequest(0, [userMessage('old-text')]), modelRequest(1, [userMessage(text)])],
      });
    expect(legacySessionLoads(true)(twice('old-text and more')).verdict).toBe('PASS');
    expect(legacySessionLoads(true)(twice('nothing')).verdict).toBe('FAIL');
    expect(legacySessionLoads(true)(observations({ host, modelRequests: [modelRequest(0, [userMessage('old-text')])] })).reached).toBe(false);
  });
});
