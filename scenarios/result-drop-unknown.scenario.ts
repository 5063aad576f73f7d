// RESULT-5/9, UNKNOWN-1: the connection carrying the call is dropped after it was sent; the
// model is told unknown and the call is not sent again (the next call would be answered).
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { unknownOutcomeChecks } from '../harness/scenario/checks-approval-results.js';

export default defineScenario({
  title: 'Connection dropped after sending: unknown, sent once',
  servers: { docs: { transport: 'http', behaviour: { tools: [{ name: 'fragile', outcomes: [{ kind: 'crash' }] }] } } },
  model: [{ calls: [{ server: 'docs', tool: 'fragile', arguments: {} }] }, { message: 'It may have run.' }],
  host: { callTimeoutMs: 3000 },
  user: [{ send: 'Run it.' }, { approval: 'approve' }, { end: 'eof' }],
  checks: unknownOutcomeChecks('docs', 'RESULT-5', 'the connection dropped', true),
});
