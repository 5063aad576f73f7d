// DISCOVER-2 with the host's REAL 10 s connect deadline (no knob): a server that never answers
// initialize is given up at that deadline, while the healthy server beside it is connected
// and discovered meanwhile and its tool works. The other side of the bound: a third server
// answers its opening after 7 s, within its own deadline, and must be kept (a deadline
// shorter than 10 s, or one shared out between the servers, drops it). It speaks both
// revisions, so the deadline is judged on every host whatever revision it speaks. A fourth
// server is as slow but speaks only 2026-07-28 (TRANSPORT-1): its server/discover answer comes
// long after a dual-era host may have tried initialize beside it, which it refuses, and the
// host must still take the answer it asked for; a host that never sends server/discover is
// charged for that in transport-stdio-and-http, and blocked here. The one slow scenario of the
// area, on purpose.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { chatGoesOn, ifHostSpeaksModern, modelSawStatuses, reportedUnavailable, serverGotToolCalls } from '../harness/scenario/check-helpers.js';
import { connectGivenUpAt } from '../harness/scenario/checks-deadlines.js';
import { MODERN_REVISION } from '../fake-servers/mcp/protocol-revision.js';

const CONNECT_DEADLINE_MS = 10_000;
/** Within the deadline by 3 s, so a loaded machine still sees it in time. */
const SLOW_OPENING_MS = 7000;

export default defineScenario({
  title: 'A server that never answers is given up at the real 10 s connect deadline while the others work',
  servers: {
    hanging: { transport: 'http', behaviour: { tools: [{ name: 'lost' }], stages: { initialize: { kind: 'never' } } } },
    healthy: { transport: 'http', behaviour: { tools: [{ name: 'search' }] } },
    slow: {
      transport: 'http',
      behaviour: { protocol: 'both', tools: [{ name: 'lookup' }], stages: { initialize: { kind: 'delay', delayMs: SLOW_OPENING_MS } } },
    },
    slownew: {
      transport: 'http',
      behaviour: { protocol: MODERN_REVISION, tools: [{ name: 'fetch' }], stages: { initialize: { kind: 'delay', delayMs: SLOW_OPENING_MS } } },
    },
  },
  model: [
    { calls: [{ server: 'healthy', tool: 'search', arguments: {} }] },
    { message: 'Searched.' },
    { calls: [{ server: 'slow', tool: 'lookup', arguments: {} }] },
    { calls: [{ server: 'slownew', tool: 'fetch', arguments: {} }] },
    { message: 'Done.' },
  ],
  user: [
    { send: 'Search.', within: CONNECT_DEADLINE_MS + 10_000 },
    { approval: 'approve' },
    // A host may start the chat before every server is ready and add each as it comes: the
    // slow servers are asked for once slow has answered its tools/list (both open alike).
    { received: { server: 'slow', method: 'tools/list', answered: true }, optional: true, within: CONNECT_DEADLINE_MS },
    { send: 'Look it up.' },
    { approval: 'approve' },
    { approval: 'approve' },
    { end: 'eof' },
  ],
  timeoutMs: 50_000,
  checks: [
    {
      id: 'given-up-at-deadline',
      guarantees: ['DISCOVER-2'],
      expected: `the healthy server is discovered meanwhile; the host goes on at most ${CONNECT_DEADLINE_MS / 1000} s after opening its connection to the hanging one (the seed: "each for at most 10 seconds")`,
      provenBy: ['serial-connect', 'no-connect-deadline', 'connect-deadline-15s'],
      grade: connectGivenUpAt('hanging', 'healthy', CONNECT_DEADLINE_MS),
    },
    {
      id: 'hanging-reported-unavailable',
      guarantees: ['DISCOVER-4'],
      expected: 'the hanging server is reported unavailable',
      provenBy: ['no-connect-deadline', 'abort-on-broken-server'],
      needs: ['server-status'],
      grade: reportedUnavailable('hanging'),
    },
    {
      id: 'healthy-call-completed',
      guarantees: ['DISCOVER-2', 'DISCOVER-4'],
      expected: "the healthy server's tool is called and completes",
      provenBy: ['no-connect-deadline', 'abort-on-broken-server'],
      grade: chatGoesOn(modelSawStatuses(['completed'], { first: true })),
    },
    {
      id: 'slow-within-deadline-kept',
      guarantees: ['DISCOVER-2'],
      expected: `the server that answers its opening after ${SLOW_OPENING_MS / 1000} s, within its own ${CONNECT_DEADLINE_MS / 1000} s deadline, is kept: its tool is offered and the call reaches it`,
      provenBy: ['discover-deadline-split-between-servers'],
      grade: chatGoesOn(serverGotToolCalls('slow', 1)),
    },
    {
      id: 'slow-modern-only-kept',
      guarantees: ['DISCOVER-2', 'TRANSPORT-1'],
      expected: `the 2026-07-28-only server that answers server/discover after ${SLOW_OPENING_MS / 1000} s (and refuses initialize at once) is kept: its tool is offered and the call reaches it`,
      provenBy: ['transport-spare-failure-gives-up'],
      grade: ifHostSpeaksModern(chatGoesOn(serverGotToolCalls('slownew', 1))),
    },
  ],
});
