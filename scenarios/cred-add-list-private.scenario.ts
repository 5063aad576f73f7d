// CRED-1, CRED-4, CONFIG-3, DISCOVER-6: two servers are added with the host's own command while
// a chat runs, their header and env values typed at its prompts: nothing is echoed, the values
// are stored in a 0600 configuration written whole, listing hides them (whole and in part: not
// the first or last few characters; one value is short and random from its first character),
// and neither server is
// contacted before the next chat start, which connects both. A third add is scripted, its value
// given on a pipe (`echo $TOKEN | host mcp add ...`) rather than typed, and no header may hold
// it (a control character after the canary, which a terminal's line editing would have dropped):
// refused or not, the value is never shown, neither echoed back to the pipe's reader nor named
// in a refusal.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import {
  addedNotContactedUntilNextStart,
  canaryKeptFrom,
  configPrivateAndWhole,
  listHidesValues,
  PLACES,
} from '../harness/scenario/checks-credentials-network.js';

export default defineScenario({
  title: 'Servers added with typed secrets: not echoed, stored 0600, hidden by list, not contacted until the next start',
  needs: ['add-command'],
  servers: {
    docs: { transport: 'http', behaviour: { tools: [{ name: 'search' }] } },
    // A short value as well (32 random characters, as real tokens are): its first characters are secret too.
    wiki: {
      transport: 'http',
      headers: { Authorization: 'Bearer {canary}', 'X-Short-Key': '{short-canary}' },
      behaviour: { tools: [{ name: 'page' }] },
      added: true,
    },
    notes: { transport: 'stdio', env: { NOTES_TOKEN: '{canary}' }, behaviour: { tools: [{ name: 'note' }] }, added: true },
    pasted: { transport: 'http', headers: { 'X-Api-Key': '{canary}\u0001' }, behaviour: { tools: [{ name: 'fetch' }] }, added: true },
  },
  model: [{ message: 'Hello.' }, { message: 'Hello again.' }],
  // Six host processes one after another (chat, add, add, add, list, chat).
  timeoutMs: 45_000,
  user: [
    { send: 'Hi' },
    { add: 'wiki' },
    { add: 'notes' },
    { add: 'pasted', piped: true },
    { list: true },
    { end: 'eof' },
    { restart: { resume: false } },
    { send: 'Hi again' },
    { end: 'eof' },
  ],
  checks: [
    {
      id: 'values-not-echoed',
      guarantees: ['CRED-1', 'CRED-3'],
      expected: 'the typed header and env values never appear on screen (add prompts, a refused add, a value given on a pipe, status lines)',
      provenBy: ['show-credential-in-status', 'cred-typed-value-echoed', 'cred-add-error-shows-values'],
      grade: canaryKeptFrom(PLACES.screen, 'server "'),
    },
    {
      id: 'config-private-and-whole',
      guarantees: ['CONFIG-3', 'CRED-1'],
      expected: 'after adding, the typed values are in the configuration, which has mode 0600 and no temp or partial file beside it',
      provenBy: ['world-readable-config', 'config-write-in-place'],
      grade: configPrivateAndWhole(['wiki', 'notes']),
    },
    {
      id: 'list-hides-values',
      guarantees: ['CRED-4'],
      expected: 'listing names every server but shows no header or env value, whole or in part (not the first or last few characters either)',
      provenBy: ['list-shows-values', 'cred-list-last-four', 'cred-list-first-six'],
      needs: ['list-command'],
      grade: listHidesValues(['docs', 'wiki', 'notes']),
    },
    {
      id: 'http-not-contacted-on-add',
      guarantees: ['DISCOVER-6'],
      expected: 'the added http server gets nothing until the next chat start, then one opening (initialize or server/discover)',
      provenBy: ['connect-on-add'],
      grade: addedNotContactedUntilNextStart('wiki'),
    },
    {
      id: 'stdio-not-started-on-add',
      guarantees: ['DISCOVER-6'],
      expected: 'the added stdio server is not started until the next chat start, then initialised once',
      provenBy: ['connect-on-add'],
      grade: addedNotContactedUntilNextStart('notes'),
    },
  ],
});
