// CRED-2, CRED-3, STDIO-3: a header canary (http) and an env canary (stdio) are used in real
// calls; a third server must never see them, nor may the screen (all of it), the files, the
// model or any process's command line. The host's own secrets (its environment) stay in its
// processes. Every form counts: base64, percent, JSON, hex, or 16 characters of the value.
import { HOST_SECRET_LABEL } from '../harness/sandbox/host-env.js';
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { canaryAbsentEverywhere, modelSawStatuses } from '../harness/scenario/check-helpers.js';
import { canaryKeptFrom, PLACES } from '../harness/scenario/checks-credentials-network.js';

const CREDENTIALS = 'server "';

export default defineScenario({
  title: 'Header and env credentials reach only their own servers: not the screen, sessions, model or another server',
  servers: {
    docs: { transport: 'http', headers: { Authorization: 'Bearer {canary}', 'X-Api-Key': '{canary}' }, behaviour: { tools: [{ name: 'search' }] } },
    // Their calls need their tokens, as real servers' do: the calls complete only with the credentials in use.
    notes: { transport: 'stdio', env: { NOTES_TOKEN: '{canary}' }, behaviour: { tools: [{ name: 'note' }], stdio: { callsNeedEnv: ['NOTES_TOKEN'] } } },
    tasks: { transport: 'stdio', env: { TASKS_TOKEN: '{canary}' }, behaviour: { tools: [{ name: 'task' }], stdio: { callsNeedEnv: ['TASKS_TOKEN'] } } },
    other: { transport: 'http', behaviour: { tools: [{ name: 'lookup' }] } },
  },
  model: [
    { calls: [{ server: 'docs', tool: 'search', arguments: { q: 'x' } }] },
    { calls: [{ server: 'notes', tool: 'note', arguments: { text: 'y' } }] },
    { calls: [{ server: 'tasks', tool: 'task', arguments: { text: 'z' } }] },
    { calls: [{ server: 'other', tool: 'lookup', arguments: {} }] },
    { message: 'Done.' },
  ],
  host: { callTimeoutMs: 15000 },
  user: [
    { send: 'Search, note, add a task and look up.' },
    { approval: 'approve', within: 15_000 },
    { approval: 'approve', within: 15_000 },
    { approval: 'approve', within: 15_000 },
    { approval: 'approve', within: 15_000 },
    // A host that writes much at exit (a flood, then its secrets) gets the time to finish it.
    { end: 'eof', within: 30_000 },
  ],
  checks: [
    {
      id: 'calls-completed',
      guarantees: ['CRED-2'],
      expected: 'all four calls complete (the credentials were used)',
      provenBy: ['stdio-env-not-passed'],
      grade: modelSawStatuses(['completed', 'completed', 'completed', 'completed']),
    },
    {
      id: 'not-to-other-servers',
      guarantees: ['CRED-2'],
      expected: "no credential canary appears in another server's requests or environment (a second stdio server's included)",
      provenBy: ['leak-header-to-other-server', 'cred-shared-stdio-env', 'ka-genai-gemini-one-header-table'],
      grade: canaryKeptFrom(PLACES.otherServers, CREDENTIALS),
    },
    {
      id: 'not-to-the-model',
      guarantees: ['CRED-2', 'CRED-3'],
      expected: 'no credential canary appears in any model request (body or headers)',
      provenBy: ['leak-credentials-to-model'],
      grade: canaryKeptFrom(PLACES.model, CREDENTIALS),
    },
    {
      id: 'not-on-screen',
      guarantees: ['CRED-3'],
      expected: 'no credential canary appears in anything the host writes to stdout or stderr, past the screen capture cap too',
      provenBy: ['show-credential-in-status', 'credential-after-flood'],
      grade: canaryKeptFrom(PLACES.screen, CREDENTIALS),
    },
    {
      id: 'not-in-session-files',
      guarantees: ['CRED-3'],
      expected: 'no credential canary appears in any file the host wrote other than its configuration ($HOME, XDG, $TMPDIR, the project; whole files)',
      provenBy: ['log-credentials', 'base64-header-in-state-log'],
      grade: canaryKeptFrom(PLACES.hostFiles, CREDENTIALS),
    },
    {
      id: 'not-on-command-lines',
      guarantees: ['CRED-2'],
      expected:
        'no credential canary appears on the command line or in the environment of any process the host ran other than its own server (seen during the run)',
      provenBy: ['credential-on-child-command-line', 'cred-shared-stdio-env'],
      grade: canaryKeptFrom(PLACES.processes, CREDENTIALS),
    },
    {
      id: 'host-secrets-stay-in-host',
      guarantees: ['CRED-2', 'STDIO-3'],
      expected:
        "the host's own secrets (GITHUB_TOKEN, AWS and npm keys of its environment) appear nowhere but in its own processes: not in a server's environment or requests, the model, the screen or files",
      provenBy: ['pass-term-and-token-to-stdio', 'leak-env'],
      grade: canaryAbsentEverywhere(HOST_SECRET_LABEL),
    },
  ],
});
