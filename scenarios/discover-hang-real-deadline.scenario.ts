// DISCOVER-2 with the host's REAL 10 s connect deadline (no knob): a server that never answers
// initialize is given up at that deadline, while the healthy server beside it is connected
// and discovered meanwhile and its tool works. The one slow scenario of the area, on purpose.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { modelSawStatuses, reportedUnavailable } from '../harness/scenario/check-helpers.js';
import { givenUpAtDeadline } from '../harness/scenario/checks-stdio-discovery.js';

const CONNECT_DEADLINE_MS = 10_000;

export default defineScenario({
  title: 'A server that never answers is given up at the real 10 s connect deadline while the others work',
  servers: {
    hanging: { transport: 'http', behaviour: { tools: [{ name: 'lost' }], stages: { initialize: { kind: 'never' } } } },
    healthy: { transport: 'http', behaviour: { tools: [{ name: 'search' }] } },
  },
  model: [{ calls: [{ server: 'healthy', tool: 'search', arguments: {} }] }, { message: 'Done.' }],
  user: [{ send: 'Search.', within: CONNECT_DEADLINE_MS + 10_000 }, { approval: 'approve' }, { end: 'eof' }],
  timeoutMs: 50_000,
  checks: [
    {
      id: 'given-up-at-deadline',
      guarantees: ['DISCOVER-2'],
      expected: `the healthy server is discovered before the deadline; the host goes on ${CONNECT_DEADLINE_MS / 1000} s (+ up to 5 s) after sending the hanging one initialize`,
      provenBy: ['serial-connect', 'no-connect-deadline'],
      grade: givenUpAtDeadline('hanging', 'healthy', CONNECT_DEADLINE_MS, 5000),
    },
    {
      id: 'hanging-reported-unavailable',
      guarantees: ['DISCOVER-4'],
      expected: 'the hanging server is reported unavailable',
      provenBy: ['no-connect-deadline', 'abort-on-broken-server'],
      grade: reportedUnavailable('hanging'),
    },
    {
      id: 'healthy-call-completed',
      guarantees: ['DISCOVER-2', 'DISCOVER-4'],
      expected: "the healthy server's tool is called and completes",
      provenBy: ['no-connect-deadline', 'abort-on-broken-server'],
      grade: modelSawStatuses(['completed']),
    },
  ],
});
