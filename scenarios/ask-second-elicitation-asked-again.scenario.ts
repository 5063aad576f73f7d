// ASK-1, second occurrence: server docs asks the user twice, in two calls of the same tool in
// one turn (so a host that leaves an unanswerable ask's call unknown asks nothing in between),
// the same message for the same field. The user types a different value each time. An answer
// is never remembered, not for the same form, not for the same question: the second
// elicitation reaches the user too, with its server named, and its accepted answer carries the
// second value the user typed, not the first, not the default.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { elicitationAnsweredByUserOnly, elicitationShownWithServer } from '../harness/scenario/checks-server-asks.js';

const MESSAGE = 'ask1b-msg-c3Qn Which room do you want?';
const FIRST = 'ask1b-typed-one-r5Tb';
const SECOND = 'ask1b-typed-two-m9Vc';
const field = { room: { type: 'string' as const, description: 'The room', default: 'ask1b-default-h8Js' } };
const elicit = { kind: 'ask' as const, evenUndeclared: true, ask: { method: 'elicitation/create' as const, message: MESSAGE, fields: field } };
const book = { server: 'docs', tool: 'book', arguments: { what: 'ask1b-model-z2Kd' } };

export default defineScenario({
  title: "A server's second elicitation, the same question again, reaches the user again and carries what the user typed the second time",
  servers: { docs: { transport: 'stdio', behaviour: { tools: [{ name: 'book', outcome: elicit }] } } },
  model: [{ calls: [book] }, { calls: [book] }, { message: 'Booked twice.' }],
  user: [
    { send: 'Book a room, then another.' },
    { approval: 'approve' },
    { answerAsk: { server: 'docs', shows: MESSAGE, type: [FIRST] } },
    { approval: 'approve' },
    { answerAsk: { server: 'docs', shows: MESSAGE, occurrence: 2, type: [SECOND] } },
    { end: 'eof' },
  ],
  checks: [
    {
      id: 'second-shown-with-server-named',
      guarantees: ['ASK-1'],
      expected:
        'the second elicitation shows on screen too (its message a second time), with server docs named beside it (UNSUPPORTED when the host declares no elicitation)',
      provenBy: ['elicit-remembers-answer', 'elicit-trusts-after-first', 'ka-anthropic-tty-elicitation-defaults'],
      needs: ['elicitation-shown'],
      grade: elicitationShownWithServer('docs', MESSAGE, 2),
    },
    {
      id: 'second-answer-is-the-users',
      guarantees: ['ASK-1'],
      expected: `each accepted elicitation carries exactly what the user typed at it ({"room":"${FIRST}"}, then {"room":"${SECOND}"}); a decline, cancel or error also upholds it`,
      provenBy: ['elicit-remembers-answer', 'elicit-trusts-after-first', 'ask-answer-remembered', 'ka-anthropic-tty-elicitation-defaults'],
      grade: elicitationAnsweredByUserOnly('docs', [{ room: FIRST }, { room: SECOND }], MESSAGE),
    },
  ],
});
