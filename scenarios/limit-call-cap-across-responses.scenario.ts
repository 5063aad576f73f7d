// LIMIT-2, counted per turn, not per response: the model asks for one call per response,
// seventeen times in one turn. Sixteen run; the seventeenth is not sent and the turn ends,
// with a message, without asking the model again.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { CALL_CAP_MESSAGE, callCapHeld, turnEndedAtCap } from '../harness/scenario/checks-exposure-limits.js';

const CAP = 16;
const note = (n: number) => ({ calls: [{ server: 'docs', tool: 'note', arguments: { n } }] });

export default defineScenario({
  title: 'Seventeen responses of one call each in one turn: sixteen run, then the turn ends',
  servers: { docs: { transport: 'http', behaviour: { tools: [{ name: 'note' }] } } },
  model: [...Array.from({ length: CAP + 1 }, (_, i) => note(i + 1)), { message: 'All done.' }],
  host: { callTimeoutMs: 3000 },
  // Sixteen approval round trips: a slower host needs more than the default 30 s.
  timeoutMs: 90_000,
  user: [{ send: 'Take notes one by one.' }, ...Array.from({ length: CAP }, () => ({ approval: 'approve' as const })), { end: 'eof' }],
  checks: [
    {
      id: 'server-gets-at-most-16',
      guarantees: ['LIMIT-2'],
      expected: 'the server receives 16 tools/call, not 17, and the screen says the tool-call limit ended the turn',
      provenBy: ['no-call-cap', 'limit-call-cap-per-response', 'limit-call-cap-off-by-one'],
      grade: callCapHeld('docs', CAP, CALL_CAP_MESSAGE),
    },
    {
      id: 'turn-ends-at-the-cap',
      guarantees: ['LIMIT-2'],
      expected: 'the seventeenth response is the last model request of the turn',
      provenBy: ['limit-call-cap-turn-goes-on'],
      grade: turnEndedAtCap('docs', CAP, CAP + 1),
    },
  ],
});
