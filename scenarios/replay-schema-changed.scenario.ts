// REPLAY-2: the recorded call's arguments ({"q": ...}) no longer fit the live schema (which
// now requires "query" and forbids other keys). Recorded calls are checked by shape only,
// so the session still opens.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { recordedHistorySent, recordedMcpCall, savedRefhostSession } from '../harness/scenario/checks-exposure-limits.js';

const [path, content] = savedRefhostSession('20240501T120000000Z-schema01', [
  { type: 'message', role: 'user', content: 'Search for limits.' },
  ...recordedMcpCall('call_rec_old', 'docs', 'search', { q: 'limits' }, 'recorded-result-3b7c'),
  { type: 'message', role: 'assistant', content: 'Found them.' },
]);
const LIVE_SCHEMA = { type: 'object', properties: { query: { type: 'string' } }, required: ['query'], additionalProperties: false };

export default defineScenario({
  title: 'A recorded MCP call that no longer matches the live schema still loads',
  servers: { docs: { transport: 'http', behaviour: { tools: [{ name: 'search', inputSchema: LIVE_SCHEMA }] } } },
  files: { [path]: content },
  resume: true,
  model: [{ message: 'Earlier you searched for limits.' }],
  user: [{ send: 'What did I search for?' }, { end: 'eof' }],
  checks: [
    {
      id: 'old-arguments-load',
      guarantees: ['REPLAY-2'],
      expected: 'the session opens and the recorded call with its old-shaped arguments reaches the model',
      provenBy: ['strict-replay'],
      grade: recordedHistorySent('call_rec_old', 'recorded-result-3b7c'),
    },
  ],
});
