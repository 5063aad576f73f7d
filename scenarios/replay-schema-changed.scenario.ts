// REPLAY-2, through the host itself: the first start calls docs/search with {"q": ...}; at the
// next start the server's live schema requires "query" and forbids other keys. Recorded calls
// are checked by shape only, so the resumed session still opens with its history.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { resumedHistoryCarries } from '../harness/scenario/checks-replay.js';

const RESULT = 'recorded-result-9e44';
const OLD_SCHEMA = { type: 'object', properties: { q: { type: 'string' } } };
const LIVE_SCHEMA = { type: 'object', properties: { query: { type: 'string' } }, required: ['query'], additionalProperties: false };
const outcome = { kind: 'content' as const, content: [{ type: 'text' as const, text: RESULT }] };

export default defineScenario({
  title: 'A recorded MCP call that no longer matches the live schema still loads',
  needs: ['sessions'],
  servers: {
    docs: {
      transport: 'http',
      behaviour: { tools: [{ name: 'search', inputSchema: OLD_SCHEMA, outcome }], rugPull: { afterInitializes: 1, tools: [{ name: 'search', inputSchema: LIVE_SCHEMA, outcome }] } },
    },
  },
  model: [{ calls: [{ server: 'docs', tool: 'search', arguments: { q: 'limits' } }] }, { message: 'Found them.' }, { message: 'Earlier you searched for limits.' }],
  host: { callTimeoutMs: 3000 },
  user: [{ send: 'Search for limits.' }, { approval: 'approve' }, { end: 'eof' }, { restart: { resume: true } }, { send: 'What did I search for?' }, { end: 'eof' }],
  checks: [
    {
      id: 'old-arguments-load',
      guarantees: ['REPLAY-2'],
      expected: 'the resumed session opens and its recorded call, whose arguments no longer fit the live schema, reaches the model with its result',
      provenBy: ['strict-replay'],
      grade: resumedHistoryCarries([RESULT]),
    },
  ],
});
