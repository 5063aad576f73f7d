// ASK-1, second occurrence: server docs asks the user twice, in two calls of the same tool in
// one turn (so a host that leaves an unanswerable ask's call unknown asks nothing in between),
// for the same field. The user types a different value each time. An answer is never
// remembered: the second elicitation reaches the user too, with its server named, and its
// accepted answer carries the second value the user typed, not the first, not the default.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { elicitationAnsweredByUserOnly, elicitationShownWithServer } from '../harness/scenario/checks-server-asks.js';

const FIRST = 'ask1b-first-c3Qn Which room do you want?';
const SECOND = 'ask1b-second-p6Wy Which room do you want now?';
const field = { room: { type: 'string' as const, description: 'The room', default: 'ask1b-default-h8Js' } };
const elicit = (message: string) => ({ kind: 'ask' as const, evenUndeclared: true, ask: { method: 'elicitation/create' as const, message, fields: field } });
const book = { server: 'docs', tool: 'book', arguments: { what: 'ask1b-model-z2Kd' } };

export default defineScenario({
  title: "A server's second elicitation reaches the user again, and carries what the user typed the second time",
  servers: { docs: { transport: 'stdio', behaviour: { tools: [{ name: 'book', outcomes: [elicit(FIRST)], outcome: elicit(SECOND) }] } } },
  model: [{ calls: [book] }, { calls: [book] }, { message: 'Booked twice.' }],
  user: [
    { send: 'Book a room, then another.' },
    { approval: 'approve' },
    { answerAsk: { server: 'docs', shows: FIRST, type: ['ask1b-typed-one-r5Tb'] } },
    { approval: 'approve' },
    { answerAsk: { server: 'docs', shows: SECOND, type: ['ask1b-typed-two-m9Vc'] } },
    { end: 'eof' },
  ],
  checks: [
    {
      id: 'second-shown-with-server-named',
      guarantees: ['ASK-1'],
      expected: 'the second elicitation shows on screen too, with server docs named beside it (UNSUPPORTED when the host declares no elicitation)',
      provenBy: ['elicit-remembers-answer', 'elicit-trusts-after-first'],
      grade: elicitationShownWithServer('docs', SECOND),
    },
    {
      id: 'second-answer-is-the-users',
      guarantees: ['ASK-1'],
      expected: 'an accepted second elicitation carries exactly what the user typed the second time ({"room":"ask1b-typed-two-m9Vc"}); a decline, cancel or error also upholds it',
      provenBy: ['elicit-remembers-answer', 'elicit-trusts-after-first'],
      grade: elicitationAnsweredByUserOnly('docs', { room: 'ask1b-typed-two-m9Vc' }, SECOND),
    },
  ],
});
