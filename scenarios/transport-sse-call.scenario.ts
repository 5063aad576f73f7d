// TRANSPORT-2: a server configured with the legacy HTTP+SSE transport is discovered and a
// call to it goes through the same approval as any other, with its configured header. The
// NET-3 cap holds per message over SSE too: docs' stream carries 1.1 MB in two answers of
// under 1 MiB each (padded initialize, and tools/list as 600 KB of JSON whitespace over 600
// short data: lines of one event) and works; bloated's one 1.1 MB tools/list event makes it
// unavailable, and so does spread's, 1.1 MB in lines like docs' (a cap counted per line, or on
// the parsed message re-serialised, lets it in). keyed refuses every request without its configured
// header, so a host that sends headers over Streamable HTTP only cannot use it.
// The checks cite TRANSPORT-2 alone ("the same guarantees over SSE"), so a host that declares
// SSE absent gets UNSUPPORTED; the MUSTs themselves are checked over Streamable HTTP elsewhere.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { approvalShownBeforeSending, modelSawStatuses, reportedUnavailable, serverGotToolCalls } from '../harness/scenario/check-helpers.js';
import { discoveredOverSse, spreadEventRefused } from '../harness/scenario/checks-inject-transport.js';

/** Not a canary: this server's key is a fixture, its only job is to be required. */
const KEYED_TOKEN = 'sse-fixture-key';

export default defineScenario({
  title: 'A legacy HTTP+SSE server is discovered and called after approval',
  servers: {
    docs: {
      transport: 'sse',
      headers: { Authorization: 'Bearer {canary}' },
      behaviour: {
        tools: [{ name: 'search' }],
        stages: { initialize: { kind: 'sized', bytes: 500_000 }, 'tools/list': { kind: 'sized', bytes: 600_000, pad: 'blank-lines' } },
      },
    },
    bloated: { transport: 'sse', behaviour: { tools: [{ name: 'lookup' }], stages: { 'tools/list': { kind: 'sized', bytes: 1_100_000 } } } },
    spread: {
      transport: 'sse',
      behaviour: { tools: [{ name: 'browse_pages' }], stages: { 'tools/list': { kind: 'sized', bytes: 1_100_000, pad: 'blank-lines' } } },
    },
    // Refuses (401) every request without its key, the event stream too: the configured
    // header must go with every request over SSE, as over Streamable HTTP.
    keyed: {
      transport: 'sse',
      headers: { Authorization: `Bearer ${KEYED_TOKEN}` },
      behaviour: { tools: [{ name: 'fetch' }], http: { requireBearer: KEYED_TOKEN } },
    },
  },
  model: [
    { calls: [{ server: 'docs', tool: 'search', arguments: { query: 'sse' } }] },
    { calls: [{ server: 'keyed', tool: 'fetch', arguments: {} }] },
    { message: 'Found it.' },
  ],
  host: { callTimeoutMs: 3000 },
  user: [{ send: 'Search the docs.' }, { approval: 'approve' }, { approval: 'approve' }, { end: 'eof' }],
  checks: [
    {
      id: 'tools-discovered-over-sse',
      guarantees: ['TRANSPORT-2'],
      expected: 'the host opens the SSE event stream and lists the tools over it (their 600 KB answer one event of short data: lines)',
      provenBy: ['sse-as-streamable'],
      grade: discoveredOverSse('docs'),
    },
    {
      id: 'approval-before-sending',
      guarantees: ['TRANSPORT-2'],
      expected: 'the confirmation is on screen before the SSE server receives the call',
      provenBy: ['auto-approve'],
      grade: approvalShownBeforeSending('docs'),
    },
    {
      id: 'call-completed',
      guarantees: ['TRANSPORT-2'],
      expected: 'the server receives the call once and the model gets status completed (after 1.1 MB on its event stream)',
      provenBy: ['sse-as-streamable', 'transport-sse-whole-stream-capped'],
      grade: (obs) => {
        const got = serverGotToolCalls('docs', 1)(obs);
        return got.verdict === 'PASS' ? modelSawStatuses(['completed'], { first: true })(obs) : got;
      },
    },
    {
      id: 'keyed-server-called',
      guarantees: ['TRANSPORT-2'],
      expected: 'the SSE server that refuses requests without its configured Authorization header is usable: the call reaches it',
      provenBy: ['transport-sse-headers-dropped'],
      grade: serverGotToolCalls('keyed', 1),
    },
    {
      id: 'oversized-event-unavailable',
      guarantees: ['TRANSPORT-2'],
      expected: 'bloated, whose tools/list event is over 1 MiB, is reported unavailable',
      provenBy: ['sse-unguarded-fetch', 'transport-sse-stream-unguarded'],
      needs: ['server-status'],
      grade: reportedUnavailable('bloated'),
    },
    {
      id: 'oversized-event-of-short-lines-refused',
      guarantees: ['TRANSPORT-2'],
      expected: "spread, whose tools/list event is over 1 MiB in lines of 1 KiB, is refused: none of its tools is offered (judged once docs' tools are)",
      provenBy: ['transport-sse-event-cap-per-line'],
      grade: spreadEventRefused('spread', 'docs'),
    },
  ],
});
