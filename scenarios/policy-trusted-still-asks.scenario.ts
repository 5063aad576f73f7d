// POLICY-4 (first half): the policy marks server docs "trusted". Every call is still asked
// about on its own: the user approves the first and denies the second, which is not sent.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { approvalShownBeforeSending, approvalsShown, serverGotToolCalls } from '../harness/scenario/check-helpers.js';

const search = { server: 'docs', tool: 'search', arguments: { query: 'notes' } };

export default defineScenario({
  title: 'A server the policy trusts is still asked about on every call',
  servers: { docs: { transport: 'http', behaviour: { tools: [{ name: 'search' }] } } },
  policy: { servers: { docs: { trust: 'trusted' } } },
  model: [{ calls: [search] }, { calls: [search] }, { message: 'Done.' }],
  user: [{ send: 'Search twice.' }, { approval: 'approve' }, { approval: 'deny' }, { end: 'eof' }],
  checks: [
    {
      id: 'trusted-call-waits-for-approval',
      guarantees: ['POLICY-4'],
      expected: 'the first approval request is on screen while server docs has received no tools/call',
      provenBy: ['trusted-skips-approval'],
      grade: approvalShownBeforeSending('docs', 0),
    },
    {
      id: 'every-trusted-call-asked',
      guarantees: ['POLICY-4'],
      expected: 'both calls get their own approval request',
      provenBy: ['trusted-skips-approval'],
      grade: approvalsShown(2),
    },
    {
      id: 'denied-trusted-call-not-sent',
      guarantees: ['POLICY-4'],
      expected: 'server docs receives only the approved call',
      provenBy: ['trusted-skips-approval'],
      grade: serverGotToolCalls('docs', 1),
    },
  ],
});
