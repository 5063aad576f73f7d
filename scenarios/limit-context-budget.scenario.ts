// LIMIT-3 (SHOULD): eight MCP results of 60 000 bytes (480 000 in all) exceed the host's
// context budget (reference: 400 KiB); the next request no longer carries them all in full,
// as it would not for built-in output.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { mcpOutputsCounted } from '../harness/scenario/checks-exposure-limits.js';

const CALLS = 8;
const BYTES = 60_000;
const calls = Array.from({ length: CALLS }, (_, i) => ({ server: 'docs', tool: 'dump', arguments: { part: i + 1 } }));

export default defineScenario({
  title: 'MCP results count toward the context budget: the oldest are elided once it is exceeded',
  servers: { docs: { transport: 'http', behaviour: { tools: [{ name: 'dump', outcome: { kind: 'sized-text', bytes: BYTES } }] } } },
  model: [{ calls }, { message: 'Read them all.' }],
  user: [{ send: 'Dump everything.' }, ...Array.from({ length: CALLS }, () => ({ approval: 'approve' as const })), { end: 'eof' }],
  checks: [
    {
      id: 'mcp-output-counted',
      guarantees: ['LIMIT-3'],
      expected: `the request after ${CALLS} results of ${BYTES} bytes carries fewer than ${CALLS * BYTES} bytes of tool output`,
      provenBy: ['mcp-outside-budget'],
      grade: mcpOutputsCounted('docs', CALLS, BYTES),
    },
  ],
});
