// UNKNOWN-2: after an unknown outcome, the next message waits for the user's confirmation.
// Declining keeps it unsent and the host running, however the user declines: the host's no,
// an empty line (Enter, the default) and, after a second unknown outcome, end of input. The
// message after the two declines is asked about again and, confirmed, is sent.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { messageNeverSent, messageSentAfterGates, unknownGateShown } from '../harness/scenario/checks-approval-results.js';

const DECLINED = 'first-followup-4a1';
const DECLINED_EMPTY = 'followup-declined-empty-5e2';
const CONFIRMED = 'second-followup-8c3';
const DECLINED_EOF = 'followup-declined-eof-0b6';
const slow = { calls: [{ server: 'docs', tool: 'slow', arguments: {} }] };

export default defineScenario({
  title: 'The unknown-outcome confirmation: declined (no, Enter, end of input) keeps the message unsent, confirmed sends it',
  servers: { docs: { transport: 'http', behaviour: { tools: [{ name: 'slow', outcome: { kind: 'never' } }] } } },
  model: [slow, { message: 'It may have run.' }, slow, { message: 'That may have run too.' }, { message: 'Understood.' }, { message: 'Understood.' }],
  host: { callTimeoutMs: 300 },
  user: [
    { send: 'Run it.' },
    { approval: 'approve' },
    { send: DECLINED },
    { unknownGate: 'deny' },
    { send: DECLINED_EMPTY },
    { unknownGate: 'empty' },
    { send: CONFIRMED },
    { unknownGate: 'approve' },
    { approval: 'approve' },
    { send: DECLINED_EOF },
    { unknownGate: 'eof' },
    // On a terminal one Ctrl-D is one end of input: it declined, the host runs on; the next ends it (on pipes input has ended already).
    { end: 'eof', now: true },
  ],
  checks: [
    {
      id: 'asked-before-next-message',
      guarantees: ['UNKNOWN-2'],
      expected: 'the confirmation is shown for all four messages (declining keeps it armed) and the host runs until end of input',
      provenBy: ['no-unknown-gate'],
      grade: unknownGateShown(4),
    },
    {
      id: 'declined-message-unsent',
      guarantees: ['UNKNOWN-2'],
      expected: 'the message typed before declining never reaches the model',
      provenBy: ['no-unknown-gate'],
      grade: messageNeverSent(DECLINED, 3),
    },
    {
      id: 'declined-by-empty-answer-unsent',
      guarantees: ['UNKNOWN-2'],
      expected: 'the message answered with an empty line at the confirmation never reaches the model',
      // Without a gate, or with one that an empty answer confirms, the script never types this message: BLOCKED there (asked-before-next-message fails).
      provenBy: ['unknown-gate-only-n-declines'],
      grade: messageNeverSent(DECLINED_EMPTY, 5),
    },
    {
      id: 'confirmed-message-sent',
      guarantees: ['UNKNOWN-2'],
      expected: 'the message typed before confirming reaches the model',
      provenBy: ['no-unknown-gate'],
      grade: messageSentAfterGates(CONFIRMED, 3),
    },
    {
      id: 'declined-by-end-of-input-unsent',
      guarantees: ['UNKNOWN-2'],
      expected: 'after a second unknown outcome, the message answered with end of input at the confirmation never reaches the model',
      // Without a gate, or with one that an empty answer confirms, the script never types this message: BLOCKED there (the checks before it fail).
      provenBy: ['unknown-gate-eof-sends'],
      grade: messageNeverSent(DECLINED_EOF, 10),
    },
  ],
});
