// RESULT-4 with the host's REAL 30 s call deadline (no knob): a call that is never answered
// reaches the model as unknown at 30 s after it was sent, neither earlier nor later.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { modelSawStatus } from '../harness/scenario/check-helpers.js';
import { callGivenUpAt } from '../harness/scenario/checks-deadlines.js';

const CALL_DEADLINE_MS = 30_000;

export default defineScenario({
  title: 'A call never answered is unknown at the real 30 s call deadline',
  servers: { docs: { transport: 'http', behaviour: { tools: [{ name: 'slow', outcome: { kind: 'never' } }] } } },
  model: [{ calls: [{ server: 'docs', tool: 'slow', arguments: {} }] }, { message: 'It may have run.' }],
  user: [{ send: 'Run it.' }, { approval: 'approve' }, { end: 'eof' }],
  timeoutMs: 60_000,
  checks: [
    {
      id: 'given-up-at-deadline',
      guarantees: ['RESULT-4'],
      expected: `the outcome reaches the model ${CALL_DEADLINE_MS / 1000} s after the call reached the server, neither earlier nor later`,
      provenBy: ['call-deadline-60s', 'call-deadline-15s'],
      grade: callGivenUpAt('docs', CALL_DEADLINE_MS),
    },
    {
      id: 'model-told-unknown',
      guarantees: ['RESULT-4'],
      expected: 'at the real deadline the model receives status unknown',
      provenBy: ['unknown-as-failed'],
      grade: modelSawStatus(0, 'unknown'),
    },
  ],
});
