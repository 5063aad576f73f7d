// RESULT-5/9: a stdio server exits while handling the call; the model is told unknown.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { unknownOutcomeChecks } from '../harness/scenario/checks-approval-results.js';

export default defineScenario({
  title: 'Server process died after the call was sent: unknown',
  servers: { local: { transport: 'stdio', behaviour: { tools: [{ name: 'crash', outcome: { kind: 'crash', code: 3 } }] } } },
  model: [{ calls: [{ server: 'local', tool: 'crash', arguments: {} }] }, { message: 'It may have run.' }],
  host: { callTimeoutMs: 3000 },
  user: [{ send: 'Run it.' }, { approval: 'approve' }, { end: 'eof' }],
  // A resend could not reach the dead server, so "sent once" is proven elsewhere.
  checks: unknownOutcomeChecks('local', 'RESULT-5', 'the server process died', false),
});
