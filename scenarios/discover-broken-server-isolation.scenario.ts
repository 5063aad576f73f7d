// DISCOVER-4 (and DISCOVER-3): six servers fail in six ways (connection refused, crash at
// start, garbage, initialize error, and after initialize: tools/list answered with an error
// or a crash while listing) beside a healthy one. Each is reported unavailable and
// skipped; the chat goes on and the healthy server's tool is called and completes. The fifth
// way, a hang, needs a deadline to pass: discover-hang-real-deadline covers it.
import { defineScenario, type Need } from '../harness/scenario/scenario-schema.js';
import { chatGoesOn, modelSawStatuses, reportedUnavailable, serverGotToolCalls } from '../harness/scenario/check-helpers.js';

/** Port 1 on loopback: privileged, nothing listens there, so connecting is refused at once. */
const REFUSED_URL = 'http://127.0.0.1:1/mcp';

const BROKEN = {
  refused: 'refuses the connection',
  crasher: 'crashes at start',
  garbage: 'answers with a body that is not JSON',
  rejecting: 'answers initialize with an error',
  listfails: 'answers tools/list with an error (it has no tools to show, not zero)',
  listcrash: 'crashes while listing its tools',
} as const;

const unavailable = Object.entries(BROKEN).map(([server, how]) => ({
  id: `${server}-reported-unavailable`,
  guarantees: ['DISCOVER-4', 'DISCOVER-3'],
  expected: `the server that ${how} gets a status line saying it is unavailable`,
  provenBy: ['abort-on-broken-server', 'no-status-lines', ...(server === 'listfails' ? ['discover-list-error-available-empty'] : [])],
  needs: ['server-status'] as Need[],
  grade: reportedUnavailable(server),
}));

export default defineScenario({
  title: 'Servers that refuse, crash, answer garbage, reject initialize or fail their listing are skipped; the healthy one works',
  servers: {
    refused: { raw: { url: REFUSED_URL } },
    crasher: { transport: 'stdio', behaviour: { stages: { connect: { kind: 'crash' } }, tools: [{ name: 'lost' }] } },
    garbage: { transport: 'http', behaviour: { tools: [{ name: 'lost' }], stages: { initialize: { kind: 'garbage', framing: 'json' } } } },
    rejecting: {
      transport: 'http',
      behaviour: { tools: [{ name: 'lost' }], stages: { initialize: { kind: 'jsonrpc-error', code: -32603, message: 'initialize refused' } } },
    },
    listfails: {
      transport: 'http',
      behaviour: { tools: [{ name: 'lost' }], stages: { 'tools/list': { kind: 'jsonrpc-error', code: -32603, message: 'listing refused' } } },
    },
    listcrash: { transport: 'stdio', behaviour: { tools: [{ name: 'lost' }], stages: { 'tools/list': { kind: 'crash' } } } },
    healthy: { transport: 'http', behaviour: { tools: [{ name: 'search' }] } },
  },
  model: [{ calls: [{ server: 'healthy', tool: 'search', arguments: { query: 'status' } }] }, { message: 'Found it.' }],
  host: { callTimeoutMs: 3000 },
  user: [{ send: 'Search for the status.' }, { approval: 'approve' }, { end: 'eof' }],
  checks: [
    ...unavailable,
    {
      id: 'healthy-tool-called',
      guarantees: ['DISCOVER-4'],
      expected: "the healthy server's tool is called once despite its six broken neighbours",
      provenBy: ['abort-on-broken-server', 'ka-anthropic-tty-broken-server-stops-start'],
      grade: chatGoesOn(serverGotToolCalls('healthy', 1)),
    },
    {
      id: 'healthy-call-completed',
      guarantees: ['DISCOVER-4'],
      expected: 'that call completes',
      provenBy: ['abort-on-broken-server', 'ka-anthropic-tty-broken-server-stops-start'],
      grade: chatGoesOn(modelSawStatuses(['completed'])),
    },
  ],
});
