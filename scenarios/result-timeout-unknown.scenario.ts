// RESULT-4/9, UNKNOWN-1: the server never answers; past the call deadline the model is told
// unknown (the server may have acted, do not retry) and the call is not sent again.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { unknownOutcomeChecks } from '../harness/scenario/checks-approval-results.js';

export default defineScenario({
  title: 'No answer within the call deadline: unknown, sent once',
  servers: { docs: { transport: 'http', behaviour: { tools: [{ name: 'slow', outcome: { kind: 'never' } }] } } },
  model: [{ calls: [{ server: 'docs', tool: 'slow', arguments: {} }] }, { message: 'It may have run.' }],
  host: { callTimeoutMs: 400 },
  user: [{ send: 'Run it.' }, { approval: 'approve' }, { end: 'eof' }],
  checks: unknownOutcomeChecks('docs', 'RESULT-4', 'the call deadline passed', true),
});
