// APPROVE-1/4: a tool declares every reassuring annotation (readOnlyHint, idempotentHint, no
// destructive or open-world effect, a title); the host still asks, and the user's "no" holds.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { approvalShownBeforeSending, modelSawStatuses, serverGotToolCalls } from '../harness/scenario/check-helpers.js';

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
            annotations: { title: 'Safe read-only lookup', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
          },
        ],
      },
    },
  },
  model: [{ calls: [{ server: 'docs', tool: 'lookup', arguments: { id: 7 } }] }, { message: 'Done.' }],
  host: { callTimeoutMs: 2000 },
  user: [{ send: 'Look up item 7.' }, { approval: 'deny' }, { end: 'eof' }],
  checks: [
    {
      id: 'read-only-tool-asked',
      guarantees: ['APPROVE-1', 'APPROVE-4'],
      expected: 'an approval request for the read-only tool is shown before anything is sent',
      provenBy: ['skip-approval-when-readonly', 'auto-approve'],
      grade: approvalShownBeforeSending('docs', 0),
    },
    {
      id: 'denied-read-only-call-not-sent',
      guarantees: ['APPROVE-4'],
      expected: 'the server receives no tools/call after the user denied',
      provenBy: ['skip-approval-when-readonly'],
      grade: serverGotToolCalls('docs', 0),
    },
    {
      id: 'model-told-denied',
      guarantees: ['APPROVE-4', 'RESULT-3'],
      expected: 'the model receives status denied',
      provenBy: ['skip-approval-when-readonly'],
      grade: modelSawStatuses(['denied']),
    },
  ],
});
