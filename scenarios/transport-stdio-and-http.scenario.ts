// TRANSPORT-1: one host, one stdio server and one Streamable HTTP server; a call to each
// completes in the same chat. The stdio server's tools/list answer is 200 000 bytes (padding
// in _meta, not definitions), several pipe reads long: a line-framed transport must join them.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { modelSawStatuses, serverGotToolCalls } from '../harness/scenario/check-helpers.js';

export default defineScenario({
  title: 'A stdio server and a Streamable HTTP server both work in one chat',
  servers: {
    web: { transport: 'http', behaviour: { tools: [{ name: 'search' }] } },
    local: { transport: 'stdio', behaviour: { tools: [{ name: 'note' }], stages: { 'tools/list': { kind: 'sized', bytes: 200_000 } } } },
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
      provenBy: ['no-stdio', 'transport-stdio-split-lines-dropped'],
      grade: serverGotToolCalls('local', 1),
    },
    {
      id: 'both-calls-completed',
      guarantees: ['TRANSPORT-1'],
      expected: 'the model receives status completed for both calls (the stdio listing spans several pipe reads)',
      provenBy: ['no-http', 'no-stdio', 'transport-stdio-split-lines-dropped'],
      grade: modelSawStatuses(['completed', 'completed']),
    },
  ],
});
