// INJECT-2 for server prompts: a prompt's name and description (shown when the user lists
// prompts), its message text (shown when the user uses it) and the error a server answers when
// the user uses another one carry every terminal control and invisible character of the
// family; none reaches the screen raw.
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
        prompts: [
          { name: 'notes', description: `Release notes ${hostile('promptdesc')}`, messages: [{ role: 'user', text: `${NEEDLE}. ${hostile('prompttext')}` }] },
          { name: `brief ${hostile('promptname')}`, messages: [{ role: 'user', text: 'Brief me.' }] },
          { name: 'broken', description: 'Fails when used', messages: [], error: `Prompt unavailable ${hostile('prompterror')}` },
        ],
      },
    },
  },
  model: [{ message: 'Summarised.' }],
  user: [
    { listPrompts: true },
    { prompt: { server: 'docs', name: 'notes', arguments: {} } },
    { prompt: { server: 'docs', name: 'broken', arguments: {} } },
    { end: 'eof' },
  ],
  checks: [
    {
      id: 'no-raw-controls-in-prompts',
      guarantees: ['INJECT-2'],
      expected:
        "inside the prompt names and descriptions in the listing, the prompt text shown on use and the server's error for a prompt that fails, no control, bidi, zero-width, tag, separator or filler character appears raw",
      provenBy: ['raw-terminal', 'inject-prompt-description-raw', 'inject-prompt-text-raw', 'inject-prompt-list-name-raw', 'inject-error-line-raw'],
      grade: noRawControlsInPromptText(['promptdesc', 'prompttext', 'promptname', 'prompterror'], NEEDLE),
    },
  ],
});
