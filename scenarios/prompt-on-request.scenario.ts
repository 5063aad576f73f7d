// PROMPT-1: docs offers a prompt. The user first chats without it, lists the prompts, then
// asks for it: only then is it fetched; it is shown, and the model gets it as user messages
// marked with server docs, never as instructions or system text. Its first message has two
// lines: both are shown (a host showing only the first line sends the second unseen).
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import {
  promptFetchedOnlyWhenAsked,
  promptMarkedWithServer,
  promptOnlyAsUserContent,
  promptShownBeforeUse,
} from '../harness/scenario/checks-resources-prompts.js';

const NEEDLE = 'Please greet';
const SECOND_LINE = 'Then ask about';

export default defineScenario({
  title: 'A server prompt is used only on request, shown, and sent as user content marked with its server',
  servers: {
    docs: {
      transport: 'http',
      behaviour: {
        tools: [{ name: 'search' }],
        prompts: [
          {
            name: 'greet',
            description: 'Greets someone',
            arguments: [{ name: 'who', required: true }],
            messages: [
              { role: 'user', text: `${NEEDLE} {{who}} warmly.\n${SECOND_LINE} their day.` },
              { role: 'assistant', text: 'Sure, I will.' },
            ],
          },
        ],
      },
    },
  },
  model: [{ message: 'Hello.' }, { message: 'Done.' }],
  user: [{ send: 'hello' }, { listPrompts: true }, { prompt: { server: 'docs', name: 'greet', arguments: { who: 'Ada' } } }, { end: 'eof' }],
  checks: [
    {
      id: 'fetched-only-when-asked',
      guarantees: ['PROMPT-1'],
      expected: 'docs receives one prompts/get, after the first model request, which carries no prompt text',
      provenBy: ['prompt-fetched-at-startup'],
      grade: promptFetchedOnlyWhenAsked('docs', NEEDLE),
    },
    {
      id: 'shown-before-use',
      guarantees: ['PROMPT-1'],
      expected: 'every prompt message the model receives was on the screen',
      provenBy: ['prompt-fetched-at-startup'],
      grade: promptShownBeforeUse(NEEDLE),
    },
    {
      id: 'every-line-shown-before-use',
      guarantees: ['PROMPT-1'],
      expected: 'the second line of the prompt message, which the model receives, was on the screen too',
      provenBy: ['prompt-shown-first-line-only'],
      grade: promptShownBeforeUse(SECOND_LINE),
    },
    {
      id: 'user-content-not-system',
      guarantees: ['PROMPT-1'],
      expected: 'the prompt reaches the model only in user messages, never in instructions or system messages',
      provenBy: ['prompt-as-system-text'],
      grade: promptOnlyAsUserContent(NEEDLE),
    },
    {
      id: 'marked-with-server',
      guarantees: ['PROMPT-1'],
      expected: 'each user message carrying the prompt names server docs',
      provenBy: ['prompt-unmarked'],
      grade: promptMarkedWithServer(NEEDLE, 'docs'),
    },
  ],
});
