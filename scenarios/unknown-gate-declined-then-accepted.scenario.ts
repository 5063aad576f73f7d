// UNKNOWN-2: after an unknown outcome, the next message waits for the user's confirmation.
// Declining keeps it unsent and the host running; the next message is asked about again and,
// confirmed, is sent.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { messageNeverSent, messageSentAfterGates, unknownGateShown } from '../harness/scenario/checks-approval-results.js';

const DECLINED = 'first-followup-4a1';
const CONFIRMED = 'second-followup-8c3';

export default defineScenario({
  title: 'The unknown-outcome confirmation: declined keeps the message unsent, confirmed sends it',
  servers: { docs: { transport: 'http', behaviour: { tools: [{ name: 'slow', outcome: { kind: 'never' } }] } } },
  model: [{ calls: [{ server: 'docs', tool: 'slow', arguments: {} }] }, { message: 'It may have run.' }, { message: 'Understood.' }],
  host: { callTimeoutMs: 300 },
  user: [
    { send: 'Run it.' },
    { approval: 'approve' },
    { send: DECLINED },
    { unknownGate: 'deny' },
    { send: CONFIRMED },
    { unknownGate: 'approve' },
    { end: 'eof' },
  ],
  checks: [
    {
      id: 'asked-before-next-message',
      guarantees: ['UNKNOWN-2'],
      expected: 'the confirmation is shown for both messages (declining keeps it armed) and the host runs until told to end',
      provenBy: ['no-unknown-gate'],
      grade: unknownGateShown(2),
    },
    {
      id: 'declined-message-unsent',
      guarantees: ['UNKNOWN-2'],
      expected: 'the message typed before declining never reaches the model',
      provenBy: ['no-unknown-gate'],
      grade: messageNeverSent(DECLINED, 3),
    },
    {
      id: 'confirmed-message-sent',
      guarantees: ['UNKNOWN-2'],
      expected: 'the message typed before confirming reaches the model',
      provenBy: ['no-unknown-gate'],
      grade: messageSentAfterGates(CONFIRMED, 2),
    },
  ],
});
