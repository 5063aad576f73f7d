// TRANSPORT-1: one host, stdio and Streamable HTTP servers on every revision a server may
// offer: both (the host picks), only 2026-07-28 (no initialize) and only 2025-11-25 (no
// server/discover); a call to each completes in the same chat. The harm checked is the
// direct one: a server that speaks only one revision must be usable, its tool offered (each
// server's own check, whatever became of the others) and every call completed. The calls go
// to the 2025-11-25-only servers before the 2026-07-28-only ones, so a host without the new
// revision is still seen calling the old. (A 2026-07-28-only server that answers late is in
// discover-hang-real-deadline, which waits anyway.) The stdio server's tools/list answer is
// 200 000 bytes (padding in _meta, not definitions), several pipe reads long: a line-framed
// transport must join them.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { modelSawStatuses, serverGotToolCalls } from '../harness/scenario/check-helpers.js';
import { serverFullyRegistered } from '../harness/scenario/checks-exposure-limits.js';
import { LEGACY_REVISION, MODERN_REVISION } from '../fake-servers/mcp/protocol-revision.js';

/** Server -> its one tool and how it is reached: each revision on each transport. */
const REVISION_SERVERS = {
  webold: { transport: 'http', tool: 'fetch', protocol: LEGACY_REVISION, provenBy: ['transport-http-pinned-modern'] },
  localold: { transport: 'stdio', tool: 'log', protocol: LEGACY_REVISION, provenBy: ['transport-stdio-pinned-modern'] },
  webnew: { transport: 'http', tool: 'lookup', protocol: MODERN_REVISION, provenBy: ['transport-http-initialize-only'] },
  localnew: { transport: 'stdio', tool: 'jot', protocol: MODERN_REVISION, provenBy: ['transport-stdio-initialize-only'] },
} as const;

const revisionServers = Object.fromEntries(
  Object.entries(REVISION_SERVERS).map(([name, s]) => [name, { transport: s.transport, behaviour: { protocol: s.protocol, tools: [{ name: s.tool }] } }]),
);

const revisionChecks = Object.entries(REVISION_SERVERS).map(([name, s]) => ({
  id: `${name}-tool-offered`,
  guarantees: ['TRANSPORT-1'],
  expected: `the ${s.transport === 'http' ? 'Streamable HTTP' : 'stdio'} server that speaks only ${s.protocol} is connected: its tool is offered to the model`,
  provenBy: [...s.provenBy],
  grade: serverFullyRegistered(name, 1),
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
  host: { callTimeoutMs: 3000 },
  user: [
    { send: 'Search, then take a note.' },
    ...Array.from({ length: 2 + Object.keys(REVISION_SERVERS).length }, () => ({ approval: 'approve' as const })),
    { end: 'eof' },
  ],
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
      expected:
        'the model receives status completed for the calls of web (Streamable HTTP) and local (stdio, its listing spread over several pipe reads); each single-revision server has its own check',
      provenBy: ['no-http', 'no-stdio', 'transport-stdio-split-lines-dropped'],
      grade: modelSawStatuses(['completed', 'completed'], { first: true }),
    },
  ],
});
