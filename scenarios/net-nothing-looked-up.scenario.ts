// NET-4: a whole ordinary session (start-up, a call to each transport, a second message,
// the end) with every name lookup recorded by the sandbox's name watch. The model and the
// fakes are on loopback addresses, so a host that asks the resolver anything is heading
// for a destination nobody configured: telemetry, update checks, model catalogues, plugins.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { modelSawStatuses, nothingLookedUp } from '../harness/scenario/check-helpers.js';

export default defineScenario({
  title: 'A whole session looks up no name and reaches nothing beyond what it was given',
  servers: {
    web: { transport: 'http', behaviour: { tools: [{ name: 'search' }] } },
    local: { transport: 'stdio', behaviour: { tools: [{ name: 'note' }] } },
  },
  model: [
    { calls: [{ server: 'web', tool: 'search', arguments: { query: 'mcp' } }] },
    { calls: [{ server: 'local', tool: 'note', arguments: { text: 'found' } }] },
    { message: 'Searched and noted.' },
    { message: 'Nothing else to do.' },
  ],
  user: [{ send: 'Search, then take a note.' }, { approval: 'approve' }, { approval: 'approve' }, { send: 'Anything else?' }, { end: 'eof' }],
  checks: [
    {
      id: 'nothing-looked-up',
      guarantees: ['NET-4'],
      expected: 'the host asks the resolver for no name from start to exit (its destinations are the loopback addresses of the model and the fakes)',
      provenBy: ['net-phone-home', 'ka-anthropic-tty-update-check'],
      grade: nothingLookedUp(),
    },
    {
      id: 'calls-completed',
      guarantees: ['TRANSPORT-1'],
      expected: 'both calls complete, so the session really ran',
      provenBy: ['no-http', 'no-stdio'],
      grade: modelSawStatuses(['completed', 'completed']),
    },
  ],
});
