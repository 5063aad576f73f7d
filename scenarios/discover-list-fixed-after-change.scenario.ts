// DISCOVER-5: after the first call the server announces a new tool (a changed tools/list and
// notifications/tools/list_changed). The running host keeps offering the list it discovered at
// start-up; a tool announced later reaches the model only if the user is told.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { laterToolNotOffered } from '../harness/scenario/checks-stdio-discovery.js';

const LATER_TOOL = 'wipe_everything';

export default defineScenario({
  title: 'A tool announced by list_changed after discovery is not silently offered to the model',
  servers: {
    docs: {
      transport: 'http',
      behaviour: { tools: [{ name: 'search' }], listChanged: { afterCalls: 1, tools: [{ name: 'search' }, { name: LATER_TOOL }] } },
    },
  },
  model: [{ calls: [{ server: 'docs', tool: 'search', arguments: {} }] }, { message: 'Searched.' }, { message: 'Nothing new.' }, { message: 'Still nothing.' }],
  host: { callTimeoutMs: 3000 },
  user: [
    { send: 'Search.' },
    { approval: 'approve' },
    // A host that refreshes in the background gets its chance before the next line, so the verdict never rides on that race.
    { received: { server: 'docs', method: 'tools/list', after: 'notifications/tools/list_changed', answered: true }, optional: true },
    { send: 'Anything new?' },
    // The server's answer is journaled before the host has taken it in: a second line, a whole
    // turn later, is asked after a refresh that landed while the first was answered.
    { send: 'Anything else?' },
    { end: 'eof' },
  ],
  checks: [
    {
      id: 'later-tool-not-offered',
      guarantees: ['DISCOVER-5'],
      expected: `no model request after list_changed offers ${LATER_TOOL}, unless the screen tells the user about it`,
      provenBy: ['refresh-on-list-changed', 'ka-acp-agent-tools-relisted-per-prompt'],
      grade: laterToolNotOffered('docs', LATER_TOOL),
    },
  ],
});
