// CRED-3: servers that echo their own credentials back (a result, three times over, an error,
// and the tool definition itself: its description and a parameter's description in its input
// schema) must not get them onto the screen, into session files or into a model request: the
// host masks every value it holds, env values of stdio servers too, the bare token of a "Bearer
// TOKEN" header, a value as short as real tokens (32 characters), a value that begins with
// another one whole (masking the shorter first would leave the rest showing), every occurrence.
// The model never repeats a credential: it can only know one a host already leaked to it
// (echo-not-to-the-model), so what it says is not charged again here.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { modelSawStatuses } from '../harness/scenario/check-helpers.js';
import { canaryKeptFrom, PLACES } from '../harness/scenario/checks-credentials-network.js';
import { OWN_CREDENTIALS } from '../harness/scenario/server-spec.js';

const CREDENTIALS = 'server "';
const REDACTION_MUTANTS = ['cred-redact-env-values-missed', 'cred-redact-no-token-variant'];

export default defineScenario({
  title: 'Credentials a server echoes back (in a result, an error, its tool definition) are masked on screen, in sessions and towards the model',
  servers: {
    docs: {
      transport: 'http',
      headers: { Authorization: 'Bearer {canary}', 'X-Short-Key': '{short-canary}', 'X-Long-Key': '{extends:X-Short-Key}' },
      behaviour: {
        tools: [
          {
            name: 'search',
            description: `Search the docs (signed in with ${OWN_CREDENTIALS}).`,
            inputSchema: { type: 'object', properties: { q: { type: 'string', description: `The query, sent with ${OWN_CREDENTIALS}` } } },
            outcome: {
              kind: 'content',
              content: [{ type: 'text', text: `found 2 pages; signed in with ${OWN_CREDENTIALS} (that is ${OWN_CREDENTIALS}, once more ${OWN_CREDENTIALS})` }],
            },
          },
        ],
      },
    },
    notes: {
      transport: 'stdio',
      env: { NOTES_TOKEN: '{canary}' },
      behaviour: {
        tools: [{ name: 'note', outcome: { kind: 'content', isError: true, content: [{ type: 'text', text: `token ${OWN_CREDENTIALS} is read-only` }] } }],
      },
    },
  },
  model: [
    { calls: [{ server: 'docs', tool: 'search', arguments: { q: 'x' } }] },
    { calls: [{ server: 'notes', tool: 'note', arguments: { text: 'y' } }] },
    { message: 'Done.' },
  ],
  user: [{ send: 'Search, then note.' }, { approval: 'approve', within: 15_000 }, { approval: 'approve', within: 15_000 }, { end: 'eof' }],
  checks: [
    {
      id: 'echoes-answered',
      guarantees: ['CRED-3'],
      expected: 'the echoing result and the echoing error both reached the host (the model got a completed and a failed call)',
      provenBy: ['errors-as-completed'],
      grade: modelSawStatuses(['completed', 'failed']),
    },
    {
      id: 'echo-not-to-the-model',
      guarantees: ['CRED-3'],
      expected: 'no echoed credential appears in any model request (the tool definitions it is offered included)',
      provenBy: ['leak-credentials-to-model', 'cred-description-unmasked', ...REDACTION_MUTANTS],
      grade: canaryKeptFrom(PLACES.model, CREDENTIALS),
    },
    {
      id: 'echo-not-on-screen',
      guarantees: ['CRED-3'],
      expected: 'no echoed credential appears on screen',
      provenBy: ['show-credential-in-status', 'cred-redact-shortest-first', ...REDACTION_MUTANTS],
      grade: canaryKeptFrom(PLACES.screen, CREDENTIALS),
    },
    {
      id: 'echo-not-in-session-files',
      guarantees: ['CRED-3'],
      expected: 'no echoed credential appears in any file the host wrote other than its configuration (sessions, logs)',
      provenBy: ['log-credentials', ...REDACTION_MUTANTS],
      grade: canaryKeptFrom(PLACES.hostFiles, CREDENTIALS),
    },
  ],
});
