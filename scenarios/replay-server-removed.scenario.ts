// REPLAY-1: a saved session used gone/delete_all (a server no longer configured) and
// docs/search (still configured and online). It opens, and nothing recorded is re-invoked:
// docs receives no tools/call.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { nothingReinvoked, recordedHistorySent, recordedMcpCall, savedRefhostSession } from '../harness/scenario/checks-exposure-limits.js';

const [path, content] = savedRefhostSession('20240501T120000000Z-removed1', [
  { type: 'message', role: 'user', content: 'Clean up, then search.' },
  ...recordedMcpCall('call_rec_gone', 'gone', 'delete_all', { confirm: true }, 'recorded-deleted-8f02'),
  ...recordedMcpCall('call_rec_docs', 'docs', 'search', { query: 'limits' }, 'recorded-result-3b7c'),
  { type: 'message', role: 'assistant', content: 'Cleaned up and searched.' },
]);

export default defineScenario({
  title: 'A session that used a removed server resumes and re-invokes nothing',
  servers: { docs: { transport: 'http', behaviour: { tools: [{ name: 'search' }] } } },
  files: { [path]: content },
  resume: true,
  model: [{ message: 'Earlier I cleaned up and searched.' }],
  user: [{ send: 'What happened before?' }, { end: 'eof' }],
  checks: [
    {
      id: 'session-opens-with-history',
      guarantees: ['REPLAY-1'],
      expected: 'the history with the call of the removed server reaches the model',
      provenBy: ['replay-needs-server'],
      grade: recordedHistorySent('call_rec_gone', 'recorded-deleted-8f02'),
    },
    {
      id: 'nothing-reinvoked',
      guarantees: ['REPLAY-1'],
      expected: 'docs, still configured, receives no tools/call: the recorded call is not sent again',
      provenBy: ['replay-reinvokes'],
      grade: nothingReinvoked('docs', 'call_rec_docs'),
    },
  ],
});
