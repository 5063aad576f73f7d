// REPLAY-1, through the host itself: the first start calls docs/search and saves the session;
// docs then goes offline (every connection refused) and the second start resumes: the session
// opens and its history, the recorded result included, reaches the model.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { resumedHistoryCarries } from '../harness/scenario/checks-replay.js';

const RESULT = 'recorded-result-3b7c';

export default defineScenario({
  title: 'A session that used an MCP tool resumes while that server is offline',
  needs: ['sessions'],
  servers: { docs: { transport: 'http', behaviour: { tools: [{ name: 'search', outcome: { kind: 'content', content: [{ type: 'text', text: RESULT }] } }] } } },
  model: [
    { calls: [{ server: 'docs', tool: 'search', arguments: { query: 'limits' } }] },
    { message: 'Found the limits.' },
    { message: 'Earlier you found the limits.' },
  ],
  host: { callTimeoutMs: 3000, connectTimeoutMs: 3000 },
  user: [
    { send: 'Search the docs for limits.' },
    { approval: 'approve' },
    { end: 'eof' },
    { serverDown: 'docs' },
    { restart: { resume: true } },
    { send: 'What did we find?' },
    { end: 'eof' },
  ],
  checks: [
    {
      id: 'session-opens-with-history',
      guarantees: ['REPLAY-1'],
      expected: 'the resumed session opens although docs is offline, and its first request carries the recorded result',
      provenBy: ['replay-needs-server'],
      grade: resumedHistoryCarries([RESULT]),
    },
  ],
});
