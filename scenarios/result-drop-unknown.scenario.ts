// RESULT-5/9, UNKNOWN-1: the connection carrying the call is dropped after it was sent; the
// model is told unknown and the call is not sent again (the next call would be answered). Both
// members of the family: docs drops the connection before answering anything, late drops it
// in the middle of its answer (the event stream begun, headers and a first line sent): a
// stream that ends early is as unknown as one that never began.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { modelSawStatus, serverGotToolCalls } from '../harness/scenario/check-helpers.js';
import { toolOutputHas, unknownOutcomeChecks, UNKNOWN_WARNING } from '../harness/scenario/checks-approval-results.js';

export default defineScenario({
  title: 'Connection dropped after sending, before or during the answer: unknown, sent once',
  servers: {
    docs: { transport: 'http', behaviour: { tools: [{ name: 'fragile', outcomes: [{ kind: 'crash' }] }] } },
    late: { transport: 'http', behaviour: { tools: [{ name: 'stream', outcomes: [{ kind: 'crash', afterHeaders: true }] }] } },
  },
  model: [
    { calls: [{ server: 'docs', tool: 'fragile', arguments: {} }] },
    { calls: [{ server: 'late', tool: 'stream', arguments: {} }] },
    { message: 'Both may have run.' },
  ],
  host: { callTimeoutMs: 3000 },
  user: [{ send: 'Run them.' }, { approval: 'approve' }, { approval: 'approve' }, { end: 'eof' }],
  checks: [
    ...unknownOutcomeChecks('docs', 'RESULT-5', 'the connection dropped', true),
    {
      id: 'mid-answer-drop-unknown',
      guarantees: ['RESULT-5'],
      expected: 'after the connection dropped in the middle of the answer, the model receives status unknown for the second call',
      provenBy: ['result-dropped-stream-failed'],
      grade: modelSawStatus(1, 'unknown'),
    },
    {
      id: 'mid-answer-drop-says-may-have-acted',
      guarantees: ['RESULT-9'],
      expected: 'that unknown output, too, says the server may have acted and that the call must not be retried',
      provenBy: ['unknown-without-warning'],
      grade: toolOutputHas(1, UNKNOWN_WARNING),
    },
    {
      id: 'mid-answer-drop-sent-once',
      guarantees: ['UNKNOWN-1'],
      expected: 'server late receives exactly one tools/call after its answer broke off',
      provenBy: ['retry-on-unknown', 'ka-anthropic-tty-call-retried'],
      grade: serverGotToolCalls('late', 1),
    },
  ],
});
