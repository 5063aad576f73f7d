// LIMIT-1: the bounds are inclusive: servers with exactly 16 pages, exactly 128 tools, an
// input schema of exactly 16 KiB and exactly 64 KiB of definitions (UTF-8 bytes of
// JSON.stringify of what is sent, multi-byte characters included) are registered in full.
// Their tool names differ, so a host that refuses equal names on two servers is not caught out.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { serverFullyRegistered } from '../harness/scenario/checks-exposure-limits.js';

export default defineScenario({
  title: 'Servers exactly at 16 pages, 128 tools, a 16 KiB schema and 64 KiB of definitions are registered in full',
  servers: {
    edgepages: { transport: 'http', behaviour: { generateTools: { count: 16, prefix: 'page_tool_' }, toolsList: { pages: 16 } } },
    edgetools: { transport: 'http', behaviour: { generateTools: { count: 128, prefix: 'many_tool_' } } },
    edgeschema: { transport: 'http', behaviour: { tools: [{ name: 'edge_wide_schema', inputSchemaBytes: 16 * 1024, fill: 'utf8-3' }] } },
    edgedefs: {
      transport: 'http',
      behaviour: { generateTools: { count: 40, prefix: 'edge_defs_tool_', fill: 'utf8-2' }, toolsList: { definitionsBytes: 64 * 1024 } },
    },
  },
  model: [{ message: 'Hello.' }],
  user: [{ send: 'Hi.', within: 30_000 }, { end: 'eof' }],
  timeoutMs: 45_000,
  checks: [
    {
      id: 'sixteen-pages-accepted',
      guarantees: ['LIMIT-1'],
      expected: 'all 16 tools of a server with exactly 16 pages are offered',
      provenBy: ['off-by-one-limits'],
      grade: serverFullyRegistered('edgepages', 16),
    },
    {
      id: 'tools-128-accepted',
      guarantees: ['LIMIT-1'],
      expected: 'all 128 tools of a server with exactly 128 tools are offered',
      provenBy: ['off-by-one-limits'],
      grade: serverFullyRegistered('edgetools', 128),
    },
    {
      id: 'schema-16k-accepted',
      guarantees: ['LIMIT-1'],
      expected: 'the tool whose input schema is exactly 16 KiB (UTF-8, 3-byte characters) is offered',
      provenBy: ['off-by-one-limits'],
      grade: serverFullyRegistered('edgeschema', 1),
    },
    {
      id: 'definitions-64k-accepted',
      guarantees: ['LIMIT-1'],
      expected: 'all 40 tools of a server with exactly 64 KiB of definitions (UTF-8, 2-byte characters) are offered',
      provenBy: ['off-by-one-limits'],
      grade: serverFullyRegistered('edgedefs', 40),
    },
  ],
});
