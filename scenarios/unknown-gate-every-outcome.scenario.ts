// UNKNOWN-2, the second time: a call ends unknown, the user confirms the next message, that
// message leads to a second call that ends unknown too. The confirmation must be asked again:
// a gate armed only once lets the message after the second unknown outcome through.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { messageNeverSent, messageSentAfterGates, unknownGateShown } from '../harness/scenario/checks-approval-results.js';

const CONFIRMED = 'after-first-unknown-2b7';
const HELD = 'after-second-unknown-9f1';
const slow = { calls: [{ server: 'docs', tool: 'slow', arguments: {} }] };

export default defineScenario({
  title: 'The unknown-outcome confirmation is asked again after a second unknown outcome',
  servers: { docs: { transport: 'http', behaviour: { tools: [{ name: 'slow', outcome: { kind: 'never' } }] } } },
  model: [slow, { message: 'It may have run.' }, slow, { message: 'That may have run too.' }, { message: 'Understood.' }],
  host: { callTimeoutMs: 300 },
  user: [
    { send: 'Run it.' },
    { approval: 'approve' },
    { send: CONFIRMED },
    { unknownGate: 'approve' },
    { approval: 'approve' },
    { send: HELD },
    { unknownGate: 'deny' },
    { end: 'eof' },
  ],
  checks: [
    {
      id: 'asked-after-each-unknown',
      guarantees: ['UNKNOWN-2'],
      expected: 'the confirmation is shown after the first and again after the second unknown outcome, and the host runs until told to end',
      provenBy: ['no-unknown-gate', 'unknown-gate-armed-once'],
      grade: unknownGateShown(2),
    },
    {
      id: 'first-confirmed-message-sent',
      guarantees: ['UNKNOWN-2'],
      expected: 'the message confirmed after the first unknown outcome reaches the model',
      provenBy: ['no-unknown-gate'],
      grade: messageSentAfterGates(CONFIRMED, 1),
    },
    {
      id: 'message-after-second-unknown-held',
      guarantees: ['UNKNOWN-2'],
      expected: 'the message typed after the second unknown outcome, declined, never reaches the model',
      provenBy: ['no-unknown-gate', 'unknown-gate-armed-once'],
      grade: messageNeverSent(HELD, 6),
    },
  ],
});
