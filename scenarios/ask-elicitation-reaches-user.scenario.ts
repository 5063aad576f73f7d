// ASK-1: while its call waits, server docs asks the user (elicitation, form mode) for a date,
// with a default it suggests, and a yes/no field that suggests yes. The user types a date of
// their own and "n"; the host must show the message with docs named beside it, and the
// accepted answer must carry exactly what the user typed (the date, and false): not a
// default, not the model's argument, not a yes the user did not give. The server asks even a host that did not
// declare elicitation (a misbehaving server): refusing upholds "only the user answers".
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { elicitationAnsweredByUserOnly, elicitationShownWithServer } from '../harness/scenario/checks-server-asks.js';

const MESSAGE = 'ask1-msg-q7Zt Which date suits you?';
const TYPED = 'ask1-typed-w8Rx';

export default defineScenario({
  title: "A server's elicitation reaches the user with its server named, and only the user's typed answer is sent",
  servers: {
    docs: {
      transport: 'stdio',
      behaviour: {
        tools: [
          {
            name: 'book',
            outcome: {
              kind: 'ask',
              evenUndeclared: true,
              ask: {
                method: 'elicitation/create',
                message: MESSAGE,
                fields: {
                  date: { type: 'string', description: 'The date', default: 'ask1-default-k2Vb' },
                  remind: { type: 'boolean', description: 'Send a reminder?', default: true },
                },
              },
            },
          },
        ],
      },
    },
  },
  model: [{ calls: [{ server: 'docs', tool: 'book', arguments: { when: 'ask1-model-m4Lp' } }] }, { message: 'Done.' }],
  user: [{ send: 'Book something.' }, { approval: 'approve' }, { answerAsk: { server: 'docs', shows: MESSAGE, type: [TYPED, 'n'] } }, { end: 'eof' }],
  checks: [
    {
      id: 'shown-with-server-named',
      guarantees: ['ASK-1'],
      expected: "the elicitation's message shows on screen with server docs named beside it (UNSUPPORTED when the host declares no elicitation)",
      provenBy: ['elicit-without-server-name', 'elicit-auto-accept-defaults', 'ka-anthropic-tty-elicitation-defaults'],
      needs: ['elicitation-shown'],
      grade: elicitationShownWithServer('docs', MESSAGE),
    },
    {
      id: 'only-the-user-answers',
      guarantees: ['ASK-1'],
      expected: `an accepted elicitation carries exactly what the user typed ({"date":"${TYPED}","remind":false}); a decline, cancel or error also upholds it`,
      provenBy: ['elicit-auto-accept-defaults', 'elicit-model-fills', 'ask-boolean-any-answer-true', 'ka-anthropic-tty-elicitation-defaults'],
      grade: elicitationAnsweredByUserOnly('docs', { date: TYPED, remind: false }),
    },
  ],
});
