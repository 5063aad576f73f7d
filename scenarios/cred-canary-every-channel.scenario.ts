// CRED-2, CRED-3: a header canary (http) and an env canary (stdio) are used in real calls; a
// third server must never see them, nor may the screen, the session files or the model.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { modelSawStatuses } from '../harness/scenario/check-helpers.js';
import { canaryKeptFrom, PLACES } from '../harness/scenario/checks-credentials-network.js';

const CREDENTIALS = 'server "';

export default defineScenario({
  title: 'Header and env credentials reach only their own servers: not the screen, sessions, model or another server',
  servers: {
    docs: { transport: 'http', headers: { Authorization: 'Bearer {canary}', 'X-Api-Key': '{canary}' }, behaviour: { tools: [{ name: 'search' }] } },
    notes: { transport: 'stdio', env: { NOTES_TOKEN: '{canary}' }, behaviour: { tools: [{ name: 'note' }] } },
    other: { transport: 'http', behaviour: { tools: [{ name: 'lookup' }] } },
  },
  model: [
    { calls: [{ server: 'docs', tool: 'search', arguments: { q: 'x' } }] },
    { calls: [{ server: 'notes', tool: 'note', arguments: { text: 'y' } }] },
    { calls: [{ server: 'other', tool: 'lookup', arguments: {} }] },
    { message: 'Done.' },
  ],
  host: { callTimeoutMs: 5000 },
  user: [{ send: 'Search, note and look up.' }, { approval: 'approve', within: 15_000 }, { approval: 'approve', within: 15_000 }, { approval: 'approve', within: 15_000 }, { end: 'eof' }],
  checks: [
    { id: 'calls-completed', guarantees: ['CRED-2'], expected: 'all three calls complete (the credentials were used)', provenBy: ['no-stdio'], grade: modelSawStatuses(['completed', 'completed', 'completed']) },
    { id: 'not-to-other-servers', guarantees: ['CRED-2'], expected: "no credential canary appears in another server's requests or environment", provenBy: ['leak-header-to-other-server'], grade: canaryKeptFrom(PLACES.otherServers, CREDENTIALS) },
    { id: 'not-to-the-model', guarantees: ['CRED-2', 'CRED-3'], expected: 'no credential canary appears in any model request (body or headers)', provenBy: ['leak-credentials-to-model'], grade: canaryKeptFrom(PLACES.model, CREDENTIALS) },
    { id: 'not-on-screen', guarantees: ['CRED-3'], expected: 'no credential canary appears on screen (status lines, confirmations, results, errors)', provenBy: ['show-credential-in-status'], grade: canaryKeptFrom(PLACES.screen, CREDENTIALS) },
    { id: 'not-in-session-files', guarantees: ['CRED-3'], expected: "no credential canary appears in the host's files other than its configuration", provenBy: ['log-credentials'], grade: canaryKeptFrom(PLACES.hostFiles, CREDENTIALS) },
  ],
});
