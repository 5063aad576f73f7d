// LIMIT-1: each discovery bound broken by one server, one step past it (17 pages, 129 tools on one page and over two,
// a schema of 16 KiB + 1 byte, a non-object schema, definitions of 64 KiB + 1 byte on one page and over two, in UTF-8
// bytes of multi-byte text so counting characters under-counts): each is unavailable as a
// whole, none of its tools offered, and a healthy server beside them works.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { modelSawStatuses } from '../harness/scenario/check-helpers.js';
import { serverNotRegistered } from '../harness/scenario/checks-exposure-limits.js';

const over = [
  ['manypages', '17 pages of tools'],
  ['manytools', '129 tools'],
  ['manytoolspaged', '129 tools over 2 pages, neither over the bound'],
  ['bigschema', 'an input schema of 16 KiB + 1 byte'],
  ['stringschema', 'an input schema of type "string"'],
  ['bigdefs', '64 KiB + 1 byte of tool definitions'],
  ['bigdefspaged', '64 KiB + 1 byte of tool definitions over 2 pages, neither over the bound'],
] as const;

export default defineScenario({
  title: 'A server over any discovery bound is unavailable as a whole; a healthy server beside it works',
  servers: {
    manypages: { transport: 'http', behaviour: { generateTools: { count: 17, prefix: 'manypages_tool_' }, toolsList: { pages: 17 } } },
    manytools: { transport: 'http', behaviour: { generateTools: { count: 129, prefix: 'manytools_tool_' } } },
    manytoolspaged: { transport: 'http', behaviour: { generateTools: { count: 129, prefix: 'manytoolspaged_tool_' }, toolsList: { pages: 2 } } },
    bigschema: {
      transport: 'http',
      behaviour: { tools: [{ name: 'bigschema_small' }, { name: 'bigschema_huge', inputSchemaBytes: 16 * 1024 + 1, fill: 'utf8-3' }] },
    },
    stringschema: { transport: 'http', behaviour: { tools: [{ name: 'stringschema_fine' }, { name: 'stringschema_odd', inputSchema: { type: 'string' } }] } },
    bigdefs: {
      transport: 'http',
      behaviour: { generateTools: { count: 40, prefix: 'bigdefs_tool_', fill: 'utf8-2' }, toolsList: { definitionsBytes: 64 * 1024 + 1 } },
    },
    bigdefspaged: {
      transport: 'http',
      behaviour: { generateTools: { count: 40, prefix: 'bigdefspaged_tool_', fill: 'utf8-2' }, toolsList: { definitionsBytes: 64 * 1024 + 1, pages: 2 } },
    },
    healthy: { transport: 'http', behaviour: { tools: [{ name: 'search' }] } },
  },
  model: [{ calls: [{ server: 'healthy', tool: 'search', arguments: { q: 'x' } }] }, { message: 'Done.' }],
  // Eight servers' discovery on a loaded machine: a generous first-prompt deadline (event-driven).
  user: [{ send: 'Search.', within: 30_000 }, { approval: 'approve' }, { end: 'eof' }],
  timeoutMs: 45_000,
  checks: [
    ...over.map(([server, what]) => ({
      id: `${server}-unavailable-as-a-whole`,
      guarantees: ['LIMIT-1'],
      expected: `server ${server} (${what}) is reported unavailable and none of its tools is offered`,
      provenBy: [
        'partial-registration',
        ...(server === 'manytoolspaged' ? ['limit-tools-per-page'] : server === 'bigdefspaged' ? ['limit-definitions-first-page'] : []),
      ],
      grade: serverNotRegistered(server),
    })),
    {
      id: 'healthy-server-beside-works',
      guarantees: ['LIMIT-1'],
      expected: 'the healthy server beside them answers its call (status completed)',
      provenBy: ['limit-poisons-all'],
      grade: modelSawStatuses(['completed']),
    },
  ],
});
