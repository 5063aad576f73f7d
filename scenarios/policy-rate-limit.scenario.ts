// POLICY-2: server docs allows 3 calls per minute. The model asks for four calls at once; the
// first answers only after 6.5 s, so the fourth comes more than six seconds after the first (a
// limit counted over a shorter window than the minute would let it through). The first three (the bound itself) are asked
// about and sent whatever their outcome: the second fails (the server's error) and the third's
// connection drops (unknown); both reached the server and count. The fourth, and a fifth in the
// next turn of the same minute (its message confirmed past the unknown-outcome question), are
// refused locally: no question, nothing sent, the model told; where the host keeps telemetry,
// they leave their records like the calls sent (TELEMETRY-1). Reads count too:
// policy-resource-allowlist.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { modelSawStatuses, serverGotToolCalls } from '../harness/scenario/check-helpers.js';
import { modelToldRefused, noQuestionPast, telemetryRecordPerCall } from '../harness/scenario/checks-policy-telemetry.js';

const LIMIT = 3;
const search = (n: number) => ({ server: 'docs', tool: 'search', arguments: { page: n } });
const slowFirst = { kind: 'content' as const, content: [{ type: 'text' as const, text: 'page 1' }], delayMs: 6500 };
const failedSecond = { kind: 'content' as const, isError: true, content: [{ type: 'text' as const, text: 'page 2 is offline' }] };
const droppedThird = { kind: 'crash' as const };

export default defineScenario({
  title: 'Calls past a per-minute limit are refused locally, a second later and in the next turn too',
  servers: { docs: { transport: 'http', behaviour: { tools: [{ name: 'search', outcomes: [slowFirst, failedSecond, droppedThird] }] } } },
  policy: { servers: { docs: { callsPerMinute: LIMIT } } },
  model: [{ calls: [search(1), search(2), search(3), search(4)] }, { message: 'Three pages.' }, { calls: [search(5)] }, { message: 'Done.' }],
  host: { callTimeoutMs: 10_000 },
  user: [
    { send: 'Search four pages.' },
    { approval: 'approve' },
    { approval: 'approve' },
    { approval: 'approve' },
    { send: 'One more page.' },
    { unknownGate: 'approve' },
    { end: 'eof' },
  ],
  checks: [
    {
      id: 'calls-at-the-limit-run',
      guarantees: ['POLICY-2'],
      expected: `the first ${LIMIT} calls (the limit itself) are sent: completed, failed (the server's error), unknown (the connection dropped)`,
      provenBy: ['rate-limit-off-by-one'],
      grade: modelSawStatuses(['completed', 'failed', 'unknown'], { first: true }),
    },
    {
      id: 'no-question-past-the-limit',
      guarantees: ['POLICY-2'],
      expected: `${LIMIT} approval requests in all: the calls past the limit raise no question and the host is back at its prompt each time`,
      provenBy: ['ignore-rate-limit', 'policy-rate-window-6s', 'policy-rate-window-60ms', 'policy-rate-failed-not-counted'],
      grade: noQuestionPast(LIMIT),
    },
    {
      id: 'calls-past-the-limit-never-sent',
      guarantees: ['POLICY-2'],
      expected: `the server receives exactly ${LIMIT} tools/call: the fourth (over six seconds after the first) and the fifth (next turn) are not sent`,
      provenBy: ['rate-limit-skips-approval'],
      grade: serverGotToolCalls('docs', LIMIT),
    },
    {
      id: 'model-told-refused',
      guarantees: ['POLICY-2'],
      expected: 'the model is told the fourth and the fifth call were refused (denied or failed)',
      // Hosts that ask about the fourth call never reach the fifth: BLOCKED there (no-question-past-the-limit fails).
      provenBy: ['policy-rate-refusal-as-result'],
      grade: (obs) => {
        const fourth = modelToldRefused(3)(obs);
        return fourth.verdict === 'PASS' ? modelToldRefused(4)(obs) : fourth;
      },
    },
    {
      id: 'refused-calls-recorded',
      guarantees: ['TELEMETRY-1', 'POLICY-2'],
      expected: 'the telemetry holds one record for every call, those the policy refused locally included',
      provenBy: ['telemetry-policy-refusals-not-recorded'],
      grade: telemetryRecordPerCall(),
    },
  ],
});
