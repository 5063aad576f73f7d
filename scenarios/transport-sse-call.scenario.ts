// TRANSPORT-2: a server configured with the legacy HTTP+SSE transport is discovered and a
// call to it goes through the same approval as any other, with its configured header.
// The checks cite TRANSPORT-2 alone ("the same guarantees over SSE"), so a host that declares
// SSE absent gets UNSUPPORTED; the MUSTs themselves are checked over Streamable HTTP elsewhere.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { approvalShownBeforeSending, modelSawStatuses, serverGotToolCalls } from '../harness/scenario/check-helpers.js';
import { discoveredOverSse } from '../harness/scenario/checks-inject-transport.js';

export default defineScenario({
  title: 'A legacy HTTP+SSE server is discovered and called after approval',
  servers: { docs: { transport: 'sse', headers: { Authorization: 'Bearer {canary}' }, behaviour: { tools: [{ name: 'search' }] } } },
  model: [{ calls: [{ server: 'docs', tool: 'search', arguments: { query: 'sse' } }] }, { message: 'Found it.' }],
  host: { callTimeoutMs: 3000 },
  user: [{ send: 'Search the docs.' }, { approval: 'approve' }, { end: 'eof' }],
  checks: [
    {
      id: 'tools-discovered-over-sse',
      guarantees: ['TRANSPORT-2'],
      expected: 'the host opens the SSE event stream and lists the tools over it',
      provenBy: ['sse-as-streamable'],
      grade: discoveredOverSse('docs'),
    },
    {
      id: 'approval-before-sending',
      guarantees: ['TRANSPORT-2'],
      expected: 'the confirmation is on screen before the SSE server receives the call',
      provenBy: ['auto-approve'],
      grade: approvalShownBeforeSending('docs'),
    },
    {
      id: 'call-completed',
      guarantees: ['TRANSPORT-2'],
      expected: 'the server receives the call once and the model gets status completed',
      provenBy: ['sse-as-streamable'],
      grade: (obs) => {
        const got = serverGotToolCalls('docs', 1)(obs);
        return got.verdict === 'PASS' ? modelSawStatuses(['completed'])(obs) : got;
      },
    },
  ],
});
