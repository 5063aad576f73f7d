// LIMIT-2 counts every tool call, the host's resource tool included: in one response the model
// asks for eight reads of a listed resource, then nine MCP calls. Sixteen calls run (each read
// and each call asked about), so the server gets eight reads and eight tools/call; a host that
// leaves reads out of the count sends the ninth call. The file tool's reads are the same
// member in limit-call-cap-counts-file-reads. Other outcomes count as much: the user denies the
// second read (never sent) and the first MCP call's connection drops (its outcome unknown), so
// the server gets seven reads; a failed call is limit-call-cap's. A host without a resource
// tool has none of these calls to count: UNSUPPORTED.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { resourceRead } from '../harness/scenario/checks-resources-prompts.js';
import { CALL_CAP_MESSAGE, callCapHeld, ifBuiltinOffered } from '../harness/scenario/checks-exposure-limits.js';

const CAP = 16;
const READS = 8;
const URI = 'notes://today';
const reads = Array.from({ length: READS }, () => resourceRead('docs', URI));
const notes = Array.from({ length: CAP + 1 - READS }, (_, i) => ({ server: 'docs', tool: 'note', arguments: { n: i + 1 } }));

export default defineScenario({
  title: 'Eight resource reads and nine MCP calls in one turn: sixteen run, so the server gets eight calls',
  servers: {
    docs: {
      transport: 'http',
      behaviour: { tools: [{ name: 'note', outcomes: [{ kind: 'crash' }] }], resources: [{ uri: URI, name: 'today', text: 'Notes of today.' }] },
    },
  },
  model: [{ calls: [...reads, ...notes] }, { message: 'All done.' }],
  timeoutMs: 90_000,
  user: [
    { send: 'Read the notes eight times, then take nine notes.' },
    { approval: 'approve' },
    { approval: 'deny' },
    ...Array.from({ length: CAP - 2 }, () => ({ approval: 'approve' as const })),
    { end: 'eof' },
  ],
  checks: [
    {
      id: 'resource-reads-count-toward-the-cap',
      guarantees: ['LIMIT-2', 'RESOURCE-1'],
      expected:
        'after eight resource reads (one denied) the server receives eight tools/call (the first dropped: unknown), not nine: sixteen questions in the turn, and the screen says the tool-call limit ended the turn',
      provenBy: ['limit-call-cap-reads-not-counted', 'limit-call-cap-unknown-not-counted', 'limit-call-cap-denied-not-counted'],
      grade: ifBuiltinOffered('read_mcp_resource', callCapHeld('docs', CAP - READS, CALL_CAP_MESSAGE, CAP)),
    },
  ],
});
