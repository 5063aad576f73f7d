// APPROVE-1/2/3, RESULT-3, DISCOVER-1: the model calls the same tool twice; the user
// approves the first call and denies the second. Uses the host's real deadlines (30 s, 10 s).
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { approvalShownBeforeSending, approvalsShown, discoveredBeforeFirstQuestion, modelSawStatuses, serverGotToolCalls } from '../harness/scenario/check-helpers.js';

const search = { server: 'docs', tool: 'search', arguments: { query: 'release notes' } };

export default defineScenario({
  title: 'Approve one call, deny the next call of the same tool',
  servers: { docs: { transport: 'http', behaviour: { tools: [{ name: 'search', description: 'Searches the docs.' }] } } },
  model: [{ calls: [search] }, { calls: [search] }, { message: 'Done.' }],
  user: [{ send: 'Find the release notes twice.' }, { approval: 'approve' }, { approval: 'deny' }, { end: 'eof' }],
  checks: [
    {
      id: 'discovery-before-first-question',
      guarantees: ['DISCOVER-1'],
      expected: 'initialize and tools/list reach the server once, before the first model request',
      provenBy: ['double-connect'],
      grade: discoveredBeforeFirstQuestion('docs'),
    },
    {
      id: 'first-call-waits-for-approval',
      guarantees: ['APPROVE-1'],
      expected: 'the approval request is on screen while the server has received no tools/call',
      provenBy: ['auto-approve'],
      grade: approvalShownBeforeSending('docs', 0),
    },
    {
      id: 'second-call-asked-again',
      guarantees: ['APPROVE-2'],
      expected: 'the second call of the same tool gets its own approval request',
      provenBy: ['auto-approve', 'sticky-approval'],
      grade: approvalsShown(2),
    },
    {
      id: 'denied-call-not-sent',
      guarantees: ['APPROVE-3', 'RESULT-3'],
      expected: 'the server receives only the approved call',
      provenBy: ['auto-approve', 'send-denied'],
      grade: serverGotToolCalls('docs', 1),
    },
    {
      id: 'model-told-completed-then-denied',
      guarantees: ['RESULT-3'],
      expected: 'the model receives status completed for the first call and denied for the second',
      provenBy: ['auto-approve', 'sticky-approval'],
      grade: modelSawStatuses(['completed', 'denied']),
    },
  ],
});
