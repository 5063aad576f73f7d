// RESULT-6/9, UNKNOWN-1: the answer to the call is larger than the 1 MiB message limit; the
// model is told unknown and the call is not sent again.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { unknownOutcomeChecks } from '../harness/scenario/checks-approval-results.js';

export default defineScenario({
  title: 'An answer over 1 MiB: unknown, sent once',
  servers: {
    docs: {
      transport: 'http',
      behaviour: { tools: [{ name: 'dump', outcome: { kind: 'sized', bytes: 1_200_000, declared: true } }] },
    },
  },
  model: [{ calls: [{ server: 'docs', tool: 'dump', arguments: {} }] }, { message: 'It may have run.' }],
  host: { callTimeoutMs: 3000 },
  user: [{ send: 'Dump it.' }, { approval: 'approve' }, { end: 'eof' }],
  checks: unknownOutcomeChecks('docs', 'RESULT-6', 'an oversized answer', true),
});
