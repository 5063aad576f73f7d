// REPLAY-2, through the host itself: the first start calls docs/search with {"q": ...}; at the
// next start the server's live schema requires "query", forbids other keys and gives two of
// the recorded keys another type, and docs no longer offers the other tool called, recent.
// Recorded calls are checked by shape only, so the resumed session still opens with its
// history: arguments of every JSON kind (string, boolean, number, object, array), sent by the
// model as formatted JSON (whitespace and newlines, not the compact form), and empty
// arguments {} of a tool that is gone alike.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { resumedHistoryCarries } from '../harness/scenario/checks-replay.js';

const RESULT = 'recorded-result-9e44';
const EMPTY_RESULT = 'recorded-empty-args-result-51c0';
const OLD_SCHEMA = {
  type: 'object',
  properties: {
    q: { type: 'string' },
    exact: { type: 'boolean' },
    limit: { type: 'number' },
    filters: { type: 'object' },
    tags: { type: 'array', items: { type: 'string' } },
  },
};
const ARGUMENTS = { q: 'limits', exact: true, limit: 5, filters: { lang: 'en' }, tags: ['mcp', 'limits'] };
const LIVE_SCHEMA = {
  type: 'object',
  properties: { query: { type: 'string' }, limit: { type: 'string' }, exact: { type: 'object' } },
  required: ['query'],
  additionalProperties: false,
};
const answer = (text: string) => ({ kind: 'content' as const, content: [{ type: 'text' as const, text }] });
const outcome = answer(RESULT);
const recent = { name: 'recent', inputSchema: { type: 'object' }, outcome: answer(EMPTY_RESULT) };

export default defineScenario({
  title: 'A recorded MCP call that no longer matches the live schema still loads',
  needs: ['sessions'],
  servers: {
    docs: {
      transport: 'http',
      behaviour: {
        tools: [{ name: 'search', inputSchema: OLD_SCHEMA, outcome }, recent],
        rugPull: { afterInitializes: 1, tools: [{ name: 'search', inputSchema: LIVE_SCHEMA, outcome }] },
      },
    },
  },
  model: [
    {
      calls: [
        { server: 'docs', tool: 'search', arguments: JSON.stringify(ARGUMENTS, null, 2) },
        { server: 'docs', tool: 'recent', arguments: {} },
      ],
    },
    { message: 'Found them.' },
    { message: 'Earlier you searched for limits.' },
  ],
  host: { callTimeoutMs: 3000 },
  user: [
    { send: 'Search for limits.' },
    { approval: 'approve' },
    { approval: 'approve' },
    { end: 'eof' },
    { restart: { resume: true } },
    { send: 'What did I search for?' },
    { end: 'eof' },
  ],
  checks: [
    {
      id: 'old-arguments-load',
      guarantees: ['REPLAY-2'],
      expected:
        'the resumed session opens and its recorded calls (formatted arguments of every JSON kind that no longer fit the live schema, some of another type now, and empty arguments of a tool no longer offered) reach the model with their results',
      provenBy: ['strict-replay', 'replay-arguments-string-values-only', 'replay-empty-arguments-rejected'],
      grade: resumedHistoryCarries([RESULT, EMPTY_RESULT]),
    },
  ],
});
