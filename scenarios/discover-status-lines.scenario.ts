// DISCOVER-3 (SHOULD) and DISCOVER-1: before the first answer the host shows one status line
// per server, with its tool count and destination or "unavailable" and a reason; discovery
// reaches each server once, before the first model request.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { discoveredBeforeFirstQuestion, reportedUnavailable } from '../harness/scenario/check-helpers.js';
import { statusLineCountsTools, statusLinesBefore } from '../harness/scenario/checks-stdio-discovery.js';

const FIRST_ANSWER = 'Hello from the model.';

export default defineScenario({
  title: 'One status line per server before the first answer: tool count and destination, or unavailable with a reason',
  servers: {
    // A resource and a prompt beside the tools: the count is of tools only.
    docs: {
      transport: 'http',
      behaviour: {
        tools: [{ name: 'search' }, { name: 'fetch' }],
        resources: [{ uri: 'file:///guide.md', name: 'guide' }],
        prompts: [{ name: 'summarise', messages: [{ role: 'user', text: 'Summarise.' }] }],
      },
    },
    notes: { transport: 'stdio', behaviour: { tools: [{ name: 'add' }, { name: 'list' }, { name: 'remove' }] } },
    broken: { transport: 'http', behaviour: { stages: { initialize: { kind: 'jsonrpc-error', code: -32603, message: 'not today' } } } },
  },
  model: [{ message: FIRST_ANSWER }],
  user: [{ send: 'Hi' }, { end: 'eof' }],
  checks: [
    {
      id: 'one-line-per-server-before-first-answer',
      guarantees: ['DISCOVER-3'],
      expected: 'exactly one status line for each of docs, notes and broken, all before the first answer',
      provenBy: ['no-status-lines'],
      needs: ['server-status'],
      grade: statusLinesBefore(['docs', 'notes', 'broken'], FIRST_ANSWER),
    },
    {
      id: 'http-line-counts-tools-and-url',
      guarantees: ['DISCOVER-3'],
      expected: 'the line for docs says 2 tools (its resource and prompt are not tools) and shows its URL',
      provenBy: ['no-status-lines', 'discover-status-counts-resources'],
      needs: ['server-status'],
      grade: statusLineCountsTools('docs', 2),
    },
    {
      id: 'stdio-line-counts-tools',
      guarantees: ['DISCOVER-3'],
      expected: 'the line for notes says 3 tools and shows its command line: the command and every argument',
      provenBy: ['no-status-lines', 'discover-status-stdio-command-only'],
      needs: ['server-status'],
      grade: statusLineCountsTools('notes', 3),
    },
    {
      id: 'broken-line-says-unavailable-with-reason',
      guarantees: ['DISCOVER-3'],
      expected:
        'the line for broken says unavailable and gives its reason: the server\'s message ("not today"), its code (-32603) or the step that failed (initialize)',
      provenBy: ['no-status-lines', 'discover-status-reason-dropped'],
      needs: ['server-status'],
      grade: reportedUnavailable('broken', [/not today|-32603|initiali[sz]/i]),
    },
    {
      id: 'http-discovered-once-before-first-question',
      guarantees: ['DISCOVER-1'],
      expected: 'the opening (initialize or server/discover) and tools/list reach docs once, before the first model request',
      provenBy: ['double-connect', 'discover-tools-listed-twice'],
      grade: discoveredBeforeFirstQuestion('docs'),
    },
    {
      id: 'stdio-discovered-once-before-first-question',
      guarantees: ['DISCOVER-1'],
      expected: 'the opening (initialize or server/discover) and tools/list reach notes once, before the first model request',
      provenBy: ['double-connect'],
      grade: discoveredBeforeFirstQuestion('notes'),
    },
  ],
});
