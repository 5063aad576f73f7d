// TRANSPORT-1: one host, stdio and Streamable HTTP servers on every revision a server may
// offer: both (the host picks), only 2026-07-28 (no initialize) and only 2025-11-25 (no
// server/discover); a call to each completes in the same chat. The harm checked is the
// direct one: a server that speaks only one revision must be usable, its tool offered and
// called, not reported unavailable. The HTTP server that speaks only 2026-07-28 answers
// server/discover late (after a third of the connect deadline, when a dual-era host may also
// try initialize, which it refuses): a host must still wait for the answer it asked for. The
// stdio server's tools/list answer is 200 000 bytes (padding in _meta, not definitions),
// several pipe reads long: a line-framed transport must join them.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { modelSawStatuses, serverGotToolCalls } from '../harness/scenario/check-helpers.js';
import { LEGACY_REVISION, MODERN_REVISION } from '../fake-servers/mcp/protocol-revision.js';

/** The connect deadline asked of the host; the late discover answer comes after a third of it (refhost's probe share). */
const CONNECT_MS = 4500;
const LATE_DISCOVER_MS = 2000;

/** Server -> its one tool and how it is reached: each revision on each transport. */
const REVISION_SERVERS = {
  webnew: { transport: 'http', tool: 'lookup', protocol: MODERN_REVISION, late: true, provenBy: ['transport-spare-failure-gives-up'] },
  webold: { transport: 'http', tool: 'fetch', protocol: LEGACY_REVISION, late: false, provenBy: ['transport-http-pinned-modern'] },
  localnew: { transport: 'stdio', tool: 'jot', protocol: MODERN_REVISION, late: false, provenBy: ['transport-stdio-initialize-only'] },
  localold: { transport: 'stdio', tool: 'log', protocol: LEGACY_REVISION, late: false, provenBy: ['transport-stdio-pinned-modern'] },
} as const;

const revisionServers = Object.fromEntries(
  Object.entries(REVISION_SERVERS).map(([name, s]) => [
    name,
    {
      transport: s.transport,
      behaviour: { protocol: s.protocol, tools: [{ name: s.tool }], ...(s.late && { stages: { initialize: { kind: 'delay' as const, delayMs: LATE_DISCOVER_MS } } }) },
    },
  ]),
);

const revisionChecks = Object.entries(REVISION_SERVERS).map(([name, s]) => ({
  id: `${name}-server-called`,
  guarantees: ['TRANSPORT-1'],
  expected: `the ${s.transport === 'http' ? 'Streamable HTTP' : 'stdio'} server that speaks only ${s.protocol}${s.late ? ' (and answers server/discover late)' : ''} is usable: its tool is offered and the call reaches it`,
  provenBy: [...s.provenBy],
  grade: serverGotToolCalls(name, 1),
}));

export default defineScenario({
  title: 'stdio and Streamable HTTP servers on either MCP revision all work in one chat',
  servers: {
    web: { transport: 'http', behaviour: { tools: [{ name: 'search' }] } },
    local: { transport: 'stdio', behaviour: { tools: [{ name: 'note' }], stages: { 'tools/list': { kind: 'sized', bytes: 200_000 } } } },
    ...revisionServers,
  },
  model: [
    { calls: [{ server: 'web', tool: 'search', arguments: { query: 'mcp' } }] },
    { calls: [{ server: 'local', tool: 'note', arguments: { text: 'found' } }] },
    ...Object.entries(REVISION_SERVERS).map(([server, s]) => ({ calls: [{ server, tool: s.tool, arguments: { text: server } }] })),
    { message: 'Searched and noted.' },
  ],
  host: { callTimeoutMs: 3000, connectTimeoutMs: CONNECT_MS },
  user: [{ send: 'Search, then take a note.' }, ...Array.from({ length: 2 + Object.keys(REVISION_SERVERS).length }, () => ({ approval: 'approve' as const })), { end: 'eof' }],
  checks: [
    {
      id: 'http-server-called',
      guarantees: ['TRANSPORT-1'],
      expected: 'the Streamable HTTP server receives the call',
      provenBy: ['no-http'],
      grade: serverGotToolCalls('web', 1),
    },
    {
      id: 'stdio-server-called',
      guarantees: ['TRANSPORT-1'],
      expected: 'the stdio server receives the call',
      provenBy: ['no-stdio', 'transport-stdio-split-lines-dropped'],
      grade: serverGotToolCalls('local', 1),
    },
    ...revisionChecks,
    {
      id: 'both-calls-completed',
      guarantees: ['TRANSPORT-1'],
      expected: 'the model receives status completed for every call (the stdio listing spans several pipe reads; every revision on both transports)',
      provenBy: ['no-http', 'no-stdio', 'transport-stdio-split-lines-dropped'],
      grade: modelSawStatuses(Array.from({ length: 2 + Object.keys(REVISION_SERVERS).length }, () => 'completed' as const)),
    },
  ],
});
