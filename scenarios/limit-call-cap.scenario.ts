// LIMIT-2: the model asks for 17 MCP calls in one response; at most 16 run in the turn and
// the turn ends with a clear message instead of the 17th call. Every outcome counts: the server
// answers the third call with an error. (A denied call counts too: in
// limit-call-cap-counts-resource-reads, so that a host ending its turn at a denial, as it may,
// still reaches the cap here.)
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { CALL_CAP_MESSAGE, callCapHeld, turnEndedAtCap } from '../harness/scenario/checks-exposure-limits.js';

const calls = Array.from({ length: 17 }, (_, i) => ({ server: 'docs', tool: 'note', arguments: { n: i + 1 } }));

export default defineScenario({
  title: 'Seventeen calls asked for in one turn: sixteen run, then the turn ends with a message',
  servers: {
    docs: {
      transport: 'http',
      // The third call is an error; every other call echoes.
      behaviour: {
        tools: [
          {
            name: 'note',
            outcomes: [{ kind: 'echo' }, { kind: 'echo' }, { kind: 'content', isError: true, content: [{ type: 'text', text: 'note store is full' }] }],
          },
        ],
      },
    },
  },
  model: [{ calls }, { message: 'All done.' }],
  // Sixteen approval round trips: a slower host needs more than the default 30 s.
  timeoutMs: 90_000,
  user: [{ send: 'Take 17 notes.' }, ...Array.from({ length: 16 }, () => ({ approval: 'approve' as const })), { end: 'eof' }],
  checks: [
    {
      id: 'server-gets-at-most-16',
      guarantees: ['LIMIT-2'],
      expected: 'the server receives 16 tools/call (the third failing), not 17, and the screen says the tool-call limit ended the turn',
      provenBy: ['no-call-cap', 'limit-call-cap-off-by-one', 'limit-call-cap-failed-not-counted'],
      grade: callCapHeld('docs', 16, CALL_CAP_MESSAGE),
    },
    {
      id: 'turn-ends-at-the-cap',
      guarantees: ['LIMIT-2'],
      expected: 'after the 16th call the turn ends: the model is asked nothing more (one model request in all)',
      provenBy: ['limit-call-cap-turn-goes-on'],
      grade: turnEndedAtCap('docs', 16, 1),
    },
  ],
});
