// RESULT-4, the deadline counts from sending, whatever the server does meanwhile: two calls
// are never answered while their servers send progress notifications (or log lines) every
// 200 ms, over Streamable HTTP and over stdio. Each is unknown at the call deadline in force
// (the knob's value, or the real 30 s): a deadline that restarts on activity never ends.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { modelSawStatuses } from '../harness/scenario/check-helpers.js';
import { callGivenUpAt } from '../harness/scenario/checks-deadlines.js';

const busy = { name: 'busy', outcome: { kind: 'progress-forever' as const, intervalMs: 200 } };

export default defineScenario({
  title: 'A call whose server keeps sending progress is still unknown at the call deadline',
  servers: {
    web: { transport: 'http', behaviour: { tools: [busy] } },
    local: { transport: 'stdio', behaviour: { tools: [busy] } },
  },
  model: [
    {
      calls: [
        { server: 'web', tool: 'busy', arguments: {} },
        { server: 'local', tool: 'busy', arguments: {} },
      ],
    },
    { message: 'They may have run.' },
  ],
  host: { callTimeoutMs: 1500 },
  user: [{ send: 'Run both.' }, { approval: 'approve' }, { approval: 'approve' }, { end: 'eof' }],
  checks: [
    {
      id: 'http-given-up-at-deadline',
      guarantees: ['RESULT-4'],
      expected: 'the HTTP call busy with progress reaches the model at the call deadline in force, counted from sending',
      provenBy: ['result-deadline-reset-on-progress'],
      grade: callGivenUpAt('web', 'in-force', 0),
    },
    {
      id: 'stdio-given-up-at-deadline',
      guarantees: ['RESULT-4'],
      expected: 'the stdio call busy with progress reaches the model at the call deadline in force, counted from sending',
      // result-deadline-reset-on-progress never gives up the HTTP call before it, so this one is never sent: BLOCKED there (http-given-up-at-deadline fails).
      provenBy: ['result-deadline-reset-on-stdio-progress'],
      grade: (obs) => callGivenUpAt('local', 'in-force', 0)({ ...obs, toolOutputs: obs.toolOutputs.slice(1) }),
    },
    {
      id: 'both-unknown',
      guarantees: ['RESULT-4'],
      expected: 'both calls end unknown',
      provenBy: ['unknown-as-failed'],
      grade: modelSawStatuses(['unknown', 'unknown']),
    },
  ],
});
