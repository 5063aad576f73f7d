// TRANSPORT-1: one host, one stdio server and one Streamable HTTP server; a call to each
// completes in the same chat.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { modelSawStatuses, serverGotToolCalls } from '../harness/scenario/check-helpers.js';

export default defineScenario({
  title: 'A stdio server and a Streamable HTTP server both work in one chat',
  servers: {
    web: { transport: 'http', behaviour: { tools: [{ name: 'search' }] } },
    local: { transport: 'stdio', behaviour: { tools: [{ name: 'note' }] } },
  },
  model: [
    { calls: [{ server: 'web', tool: 'search', arguments: { query: 'mcp' } }] },
    { calls: [{ server: 'local', tool: 'note', arguments: { text: 'found' } }] },
    { message: 'Searched and noted.' },
  ],
  host: { callTimeoutMs: 3000 },
  user: [{ send: 'Search, then take a note.' }, { approval: 'approve' }, { approval: 'approve' }, { end: 'eof' }],
  checks: [
    {
      id: 'http-server-called',
      guarantees: ['TRANSPORT-1'],
      expected: 'the Streamable HTTP server receives the call',
      provenBy: ['no-http'],
      grade: serverGotToolCalls('web', 1),
    },
    {
      id: 'stdio-server-called',
      guarantees: ['TRANSPORT-1'],
      expected: 'the stdio server receives the call',
      provenBy: ['no-stdio'],
      grade: serverGotToolCalls('local', 1),
    },
    {
      id: 'both-calls-completed',
      guarantees: ['TRANSPORT-1'],
      expected: 'the model receives status completed for both calls',
      provenBy: ['no-http', 'no-stdio'],
      grade: modelSawStatuses(['completed', 'completed']),
    },
  ],
});
