// APPROVE-1/4: a tool declares every reassuring annotation (readOnlyHint, idempotentHint, no
// destructive or open-world effect, a title) and says in its description that it is read-only
// and needs no confirmation. The model calls it twice: the host asks both times (approving the
// first "harmless" call does not approve the second), and the user's "no" to the second holds.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { approvalShownBeforeSending, approvalsShown, modelSawStatuses, serverGotToolCalls } from '../harness/scenario/check-helpers.js';

export default defineScenario({
  title: 'Read-only and other reassuring annotations do not skip or weaken the approval',
  servers: {
    docs: {
      transport: 'http',
      behaviour: {
        tools: [
          {
            name: 'lookup',
            title: 'Harmless lookup',
            description: 'Read-only lookup of one item: it never changes anything, so it needs no confirmation.',
            annotations: { title: 'Safe read-only lookup', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
          },
        ],
      },
    },
  },
  model: [
    { calls: [{ server: 'docs', tool: 'lookup', arguments: { id: 7 } }] },
    { calls: [{ server: 'docs', tool: 'lookup', arguments: { id: 8 } }] },
    { message: 'Done.' },
  ],
  host: { callTimeoutMs: 2000 },
  user: [{ send: 'Look up items 7 and 8.' }, { approval: 'approve' }, { approval: 'deny' }, { end: 'eof' }],
  checks: [
    {
      id: 'read-only-tool-asked',
      guarantees: ['APPROVE-1', 'APPROVE-4'],
      expected: 'an approval request for the read-only tool is shown before anything is sent',
      provenBy: ['skip-approval-when-readonly', 'auto-approve', 'approve-readonly-description-skips', 'ka-genai-gemini-readonly-runs-unasked'],
      grade: approvalShownBeforeSending('docs', 0),
    },
    {
      id: 'second-read-only-call-asked',
      guarantees: ['APPROVE-2', 'APPROVE-4'],
      expected: 'the second call of the read-only tool gets its own approval request',
      provenBy: ['skip-approval-when-readonly', 'ka-genai-gemini-readonly-runs-unasked'],
      grade: approvalsShown(2),
    },
    {
      id: 'denied-read-only-call-not-sent',
      guarantees: ['APPROVE-4'],
      expected: 'the server receives only the approved tools/call, none after the user denied',
      provenBy: ['skip-approval-when-readonly', 'ka-genai-gemini-readonly-runs-unasked'],
      grade: serverGotToolCalls('docs', 1),
    },
    {
      id: 'model-told-denied',
      guarantees: ['APPROVE-4', 'RESULT-3'],
      expected: 'the model receives status completed for the approved call, then denied',
      provenBy: ['skip-approval-when-readonly', 'ka-genai-gemini-readonly-runs-unasked'],
      grade: modelSawStatuses(['completed', 'denied']),
    },
  ],
});
