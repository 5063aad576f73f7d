// RESULT-9 and REPLAY-1 across a crash: the host dies (SIGKILL) while an approved call is
// pending, so no outcome of it can have been recorded, then the session is resumed. The
// resumed model request tells the model that call's outcome is unknown, that the server may
// have acted and that the call must not be retried; the call is not sent again.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { notReached } from '../harness/scenario/evidence.js';
import { serverGotToolCalls } from '../harness/scenario/check-helpers.js';
import { toolOutputHas, UNKNOWN_WARNING } from '../harness/scenario/checks-approval-results.js';

export default defineScenario({
  title: 'A call pending when the host died is unknown, with the may-have-acted warning, after resuming',
  needs: ['sessions'],
  servers: { docs: { transport: 'http', behaviour: { tools: [{ name: 'hang', outcome: { kind: 'never' } }] } } },
  model: [{ calls: [{ server: 'docs', tool: 'hang', arguments: { job: 'nightly' } }] }, { message: 'It may have run.' }, { message: 'It may have run.' }],
  host: { callTimeoutMs: 20_000 },
  user: [
    { send: 'Run the nightly job.' },
    { approval: 'approve' },
    { received: { server: 'docs', method: 'tools/call' } },
    { end: 'SIGKILL', now: true },
    { restart: { resume: true } },
    { send: 'Did it run?' },
    { end: 'eof' },
  ],
  checks: [
    {
      id: 'pending-call-says-may-have-acted',
      guarantees: ['RESULT-9'],
      expected: 'the output the model is given for the call that was pending when the host died says the server may have acted and that the call must not be retried',
      provenBy: ['result-replayed-pending-no-warning'],
      grade: toolOutputHas(0, UNKNOWN_WARNING),
    },
    {
      id: 'pending-call-not-resent',
      guarantees: ['REPLAY-1'],
      expected: 'the server received the call once: resuming does not send it again',
      provenBy: ['replay-reinvokes'],
      // Once the resumed session took a message: a session that never reopened re-sent nothing either.
      grade: (obs) => (obs.script.completed < 6 ? notReached('the resumed session taking a message (step 6)', obs) : serverGotToolCalls('docs', 1)(obs)),
    },
  ],
});
