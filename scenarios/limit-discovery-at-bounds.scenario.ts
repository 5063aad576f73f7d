// LIMIT-1: the bounds are inclusive: a server with exactly 16 pages and one with exactly
// 128 tools are registered in full. Their tool names differ, so a host that refuses equal
// names on two servers is not caught out by the scenario.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { serverFullyRegistered } from '../harness/scenario/checks-exposure-limits.js';

export default defineScenario({
  title: 'Servers exactly at 16 pages and at 128 tools are registered in full',
  servers: {
    edgepages: { transport: 'http', behaviour: { generateTools: { count: 16, prefix: 'page_tool_' }, toolsList: { pages: 16 } } },
    edgetools: { transport: 'http', behaviour: { generateTools: { count: 128, prefix: 'many_tool_' } } },
  },
  model: [{ message: 'Hello.' }],
  user: [{ send: 'Hi.', within: 30_000 }, { end: 'eof' }],
  timeoutMs: 45_000,
  checks: [
    { id: 'sixteen-pages-accepted', guarantees: ['LIMIT-1'], expected: 'all 16 tools of a server with exactly 16 pages are offered', provenBy: ['off-by-one-limits'], grade: serverFullyRegistered('edgepages', 16) },
    { id: 'tools-128-accepted', guarantees: ['LIMIT-1'], expected: 'all 128 tools of a server with exactly 128 tools are offered', provenBy: ['off-by-one-limits'], grade: serverFullyRegistered('edgetools', 128) },
  ],
});
