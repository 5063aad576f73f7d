// PROMPT-1: docs offers a prompt. The user first chats without it, lists the prompts, then
// asks for it: only then is it fetched; it is shown, and the model gets it as user messages
// marked with server docs, never as instructions or system text. Its first message has two
// lines: both are shown (a host showing only the first line sends the second unseen). Its
// three messages are first, middle and last, user, assistant and user: each is shown and
// reaches the model as marked user content, whatever its role or place. docs and notes also
// offer prompts without arguments, which nobody asks for; last, the user asks docs for
// digest, which only notes offers: refused, and notes is never asked for it.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import {
  noPromptFetchedFrom,
  promptFetchedOnlyWhenAsked,
  promptMarkedWithServer,
  promptOnlyAsUserContent,
  promptShownBeforeUse,
} from '../harness/scenario/checks-resources-prompts.js';

const NEEDLE = 'Please greet';
const SECOND_LINE = 'Then ask about';
const ASSISTANT = 'Sure, I will greet';
const LAST = 'Finally wish';
/** One needle per message of the prompt: first (two lines), middle (assistant), last. */
const MESSAGES = [NEEDLE, ASSISTANT, LAST];
const noArguments = (name: string) => ({ name, description: `${name}, no arguments`, messages: [{ role: 'user' as const, text: `${name} prompt text` }] });

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
              { role: 'assistant', text: `${ASSISTANT} {{who}}.` },
              { role: 'user', text: `${LAST} {{who}} a good day.` },
            ],
          },
          noArguments('status'),
        ],
      },
    },
    notes: { transport: 'http', behaviour: { tools: [{ name: 'find' }], prompts: [noArguments('digest')] } },
  },
  // The last message is for a host that passes the refused /prompt on to the model.
  model: [{ message: 'Hello.' }, { message: 'Done.' }, { message: 'Noted.' }],
  user: [
    { send: 'hello' },
    { listPrompts: true },
    { prompt: { server: 'docs', name: 'greet', arguments: { who: 'Ada' } } },
    { prompt: { server: 'docs', name: 'digest' } },
    { end: 'eof' },
  ],
  checks: [
    {
      id: 'fetched-only-when-asked',
      guarantees: ['PROMPT-1'],
      expected:
        'docs receives one prompts/get (greet, not its status prompt that takes no arguments), after the first model request, which carries no prompt text',
      provenBy: ['prompt-fetched-at-startup'],
      grade: promptFetchedOnlyWhenAsked('docs', NEEDLE),
    },
    {
      id: 'shown-before-use',
      guarantees: ['PROMPT-1'],
      expected: 'every prompt message the model receives (first, the assistant one, last) was on the screen',
      provenBy: ['prompt-fetched-at-startup'],
      grade: promptShownBeforeUse(MESSAGES),
    },
    {
      id: 'every-line-shown-before-use',
      guarantees: ['PROMPT-1'],
      expected: 'the second line of the prompt message, which the model receives, was on the screen too',
      provenBy: ['prompt-shown-first-line-only'],
      grade: promptShownBeforeUse([SECOND_LINE]),
    },
    {
      id: 'user-content-not-system',
      guarantees: ['PROMPT-1'],
      expected:
        'every message of the prompt (first, the assistant one, last) reaches the model, only in user messages, never in instructions, system or assistant messages',
      provenBy: ['prompt-as-system-text'],
      grade: promptOnlyAsUserContent(MESSAGES),
    },
    {
      id: 'marked-with-server',
      guarantees: ['PROMPT-1'],
      expected: 'each user message carrying a message of the prompt (first, the assistant one, last) names server docs',
      provenBy: ['prompt-unmarked'],
      grade: promptMarkedWithServer(MESSAGES, 'docs'),
    },
    {
      id: 'other-server-prompt-not-fetched',
      guarantees: ['PROMPT-1'],
      expected: 'notes, which offers digest (asked for from docs, which does not offer it) and takes no arguments, receives no prompts/get',
      provenBy: ['prompt-prefetched-at-start'],
      grade: noPromptFetchedFrom('notes', 'docs'),
    },
  ],
});
