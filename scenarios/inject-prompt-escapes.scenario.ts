// INJECT-2 for server prompts: a prompt's description (shown when the user lists prompts) and
// its message text (shown when the user uses it) carry every terminal control and invisible
// character of the family; none reaches the screen raw.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { noRawControlsInPromptText } from '../harness/scenario/checks-exposure-limits.js';
import { hostile } from '../harness/scenario/hostile-text.js';

const NEEDLE = 'Summarise the release notes';

export default defineScenario({
  title: 'Terminal controls and invisible characters in a server prompt never reach the screen raw',
  needs: ['own-screen'],
  servers: {
    docs: {
      transport: 'http',
      behaviour: {
        tools: [{ name: 'search' }],
        prompts: [{ name: 'notes', description: `Release notes ${hostile('promptdesc')}`, messages: [{ role: 'user', text: `${NEEDLE}. ${hostile('prompttext')}` }] }],
      },
    },
  },
  model: [{ message: 'Summarised.' }],
  user: [{ listPrompts: true }, { prompt: { server: 'docs', name: 'notes', arguments: {} } }, { end: 'eof' }],
  checks: [
    {
      id: 'no-raw-controls-in-prompts',
      guarantees: ['INJECT-2'],
      expected: 'inside the prompt description in the listing and the prompt text shown on use, no control, bidi, zero-width, tag, separator or filler character appears raw',
      provenBy: ['raw-terminal', 'inject-prompt-description-raw', 'inject-prompt-text-raw'],
      grade: noRawControlsInPromptText(['promptdesc', 'prompttext'], NEEDLE),
    },
  ],
});
