// APPROVE-1/3, RESULT-3: the model calls a tool twice; the user answers the first request with
// an empty line and the second with end of input. Both deny: nothing reaches the server. The
// second call has no arguments: "nothing to confirm" is still a call to confirm (APPROVE-1).
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { approvalShownBeforeSending, approvalsShown, modelSawStatuses, serverGotToolCalls } from '../harness/scenario/check-helpers.js';

const search = { server: 'docs', tool: 'search', arguments: { query: 'release notes' } };
const argumentless = { server: 'docs', tool: 'search', arguments: {} };

export default defineScenario({
  title: 'An empty answer and end of input at the approval question both deny',
  servers: { docs: { transport: 'http', behaviour: { tools: [{ name: 'search' }] } } },
  model: [{ calls: [search] }, { calls: [argumentless] }, { message: 'Done.' }],
  host: { callTimeoutMs: 2000 },
  // Its input closed, the host may end by itself once the turn is over: the end step accepts that.
  user: [{ send: 'Find the release notes.' }, { approval: 'empty' }, { approval: 'eof' }, { end: 'eof' }],
  checks: [
    {
      id: 'asked-before-sending',
      guarantees: ['APPROVE-1'],
      expected: 'the first approval request is on screen while the server has received nothing',
      provenBy: ['auto-approve'],
      grade: approvalShownBeforeSending('docs', 0),
    },
    {
      id: 'argumentless-call-asked-before-sending',
      guarantees: ['APPROVE-1'],
      expected: 'the second call, with empty arguments {}, is asked for too while the server has received nothing',
      provenBy: ['auto-approve', 'approve-skip-argumentless-calls'],
      grade: approvalShownBeforeSending('docs', 1),
    },
    {
      id: 'both-calls-asked',
      guarantees: ['APPROVE-3'],
      expected: 'each call gets its own approval request (the empty answer did not approve)',
      provenBy: ['auto-approve'],
      grade: approvalsShown(2),
    },
    {
      id: 'nothing-sent',
      guarantees: ['APPROVE-3', 'RESULT-3'],
      expected: 'the server receives no tools/call',
      provenBy: ['default-yes', 'send-denied', 'ka-langchain-pipes-only-no-denies'],
      grade: serverGotToolCalls('docs', 0),
    },
    {
      id: 'model-told-denied-twice',
      guarantees: ['APPROVE-3', 'RESULT-3'],
      expected: 'the model receives status denied for both calls',
      provenBy: ['default-yes', 'auto-approve', 'ka-langchain-pipes-only-no-denies', 'ka-genai-gemini-denial-as-output'],
      grade: modelSawStatuses(['denied', 'denied']),
    },
  ],
});
