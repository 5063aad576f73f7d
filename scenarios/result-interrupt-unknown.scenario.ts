// RESULT-7/9, UNKNOWN-1: the user interrupts (Ctrl-C) a call that was sent and never answers;
// the model is told unknown and the call is not sent again. stdio: a call written to the
// server's stdin has reached it; the user interrupts only once the fake's journal shows it,
// then asks what happened, so the interrupted call's outcome goes to the model even from a
// host that ends the turn at Ctrl-C without telling the model at once.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { unknownOutcomeChecks } from '../harness/scenario/checks-approval-results.js';

export default defineScenario({
  title: 'A call interrupted by the user after sending: unknown, sent once',
  servers: { local: { transport: 'stdio', behaviour: { tools: [{ name: 'wait', outcome: { kind: 'never' } }] } } },
  model: [{ calls: [{ server: 'local', tool: 'wait', arguments: {} }] }, { message: 'It may have run.' }, { message: 'It may have run.' }],
  host: { callTimeoutMs: 3000 },
  user: [
    { send: 'Run it.' },
    { approval: 'approve' },
    { received: { server: 'local', method: 'tools/call' } },
    { interrupt: true },
    { send: 'What happened?' },
    { unknownGate: 'approve' },
    { end: 'eof' },
  ],
  checks: unknownOutcomeChecks('local', 'RESULT-7', 'the user interrupted the call', true),
});
