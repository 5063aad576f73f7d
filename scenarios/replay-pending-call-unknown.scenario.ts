// RESULT-9 and REPLAY-1 across a crash: the host dies (SIGKILL) while an approved call is
// pending, so no outcome of it can have been recorded, then the session is resumed. The
// resumed model request tells the model that call's outcome is unknown, that the server may
// have acted and that the call must not be retried; the call is not sent again. Resumed a
// second time, after the first resume added to the session, the call is no longer its last
// item and must still be answered (unknown, may have acted) and still not be sent.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { notReached } from '../harness/scenario/evidence.js';
import { serverGotToolCalls } from '../harness/scenario/check-helpers.js';
import { toolOutputHas, UNKNOWN_WARNING } from '../harness/scenario/checks-approval-results.js';
import { pendingStillAnswered } from '../harness/scenario/checks-replay.js';

export default defineScenario({
  title: 'A call pending when the host died is unknown, with the may-have-acted warning, after resuming',
  needs: ['sessions'],
  servers: { docs: { transport: 'http', behaviour: { tools: [{ name: 'hang', outcome: { kind: 'never' } }] } } },
  model: [
    { calls: [{ server: 'docs', tool: 'hang', arguments: { job: 'nightly' } }] },
    { message: 'It may have run.' },
    { message: 'It may have run.' },
    { message: 'Still unknown.' },
  ],
  host: { callTimeoutMs: 20_000 },
  user: [
    { send: 'Run the nightly job.' },
    { approval: 'approve' },
    { received: { server: 'docs', method: 'tools/call' } },
    { end: 'SIGKILL', now: true },
    { restart: { resume: true } },
    { send: 'Did it run?' },
    { end: 'eof' },
    { restart: { resume: true } },
    { send: 'And now?' },
    { end: 'eof' },
  ],
  checks: [
    {
      id: 'pending-call-says-may-have-acted',
      guarantees: ['RESULT-9'],
      expected:
        'the output the model is given for the call that was pending when the host died says the server may have acted and that the call must not be retried',
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
    {
      id: 'pending-call-answered-after-second-resume',
      guarantees: ['REPLAY-1'],
      expected:
        'resumed a second time, the session opens with the pending call still answered (the server may have acted, do not retry), though it is no longer the last item saved; a call without its output is refused by a model API',
      provenBy: ['replay-only-trailing-pending-answered'],
      grade: pendingStillAnswered(UNKNOWN_WARNING),
    },
  ],
});
