// REPLAY-1: a saved session that used docs/search is resumed while docs is offline (every
// connection closed at once): the session opens and its history reaches the model.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { recordedHistorySent, recordedMcpCall, savedRefhostSession } from '../harness/scenario/checks-exposure-limits.js';

const [path, content] = savedRefhostSession('20240501T120000000Z-offline1', [
  { type: 'message', role: 'user', content: 'Search the docs for limits.' },
  ...recordedMcpCall('call_rec_1', 'docs', 'search', { query: 'limits' }, 'recorded-result-3b7c'),
  { type: 'message', role: 'assistant', content: 'Found the limits.' },
]);

export default defineScenario({
  title: 'A session that used an MCP tool resumes while that server is offline',
  servers: { docs: { transport: 'http', behaviour: { stages: { connect: { kind: 'crash' } }, tools: [{ name: 'search' }] } } },
  files: { [path]: content },
  resume: true,
  model: [{ message: 'Earlier you found the limits.' }],
  user: [{ send: 'What did we find?' }, { end: 'eof' }],
  checks: [
    {
      id: 'session-opens-with-history',
      guarantees: ['REPLAY-1'],
      expected: 'the resumed history, recorded call and output included, reaches the model although docs is offline',
      provenBy: ['replay-needs-server'],
      grade: recordedHistorySent('call_rec_1', 'recorded-result-3b7c'),
    },
  ],
});
