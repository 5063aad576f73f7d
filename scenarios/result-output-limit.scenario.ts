// RESULT-8: a 70 000-byte text result: the model gets status output_limit and the first part,
// within 64 KiB, marked truncated.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { modelSawStatus } from '../harness/scenario/check-helpers.js';
import { atMostBytes, contains, matches, toolOutputHas } from '../harness/scenario/checks-approval-results.js';

export default defineScenario({
  title: 'A result over 64 KiB: output_limit, the first part, marked truncated',
  servers: { docs: { transport: 'http', behaviour: { tools: [{ name: 'big', outcome: { kind: 'sized-text', bytes: 70_000 } }] } } },
  model: [{ calls: [{ server: 'docs', tool: 'big', arguments: {} }] }, { message: 'Got part of it.' }],
  host: { callTimeoutMs: 3000 },
  user: [{ send: 'Get it all.' }, { approval: 'approve' }, { end: 'eof' }],
  checks: [
    {
      id: 'status-output-limit',
      guarantees: ['RESULT-8'],
      expected: 'the model receives status output_limit',
      provenBy: ['output-limit-as-completed', 'no-truncation'],
      grade: modelSawStatus(0, 'output_limit'),
    },
    {
      id: 'first-part-within-limit',
      guarantees: ['RESULT-8'],
      expected: 'the output holds the start of the result and is at most 64 KiB (plus a little framing)',
      provenBy: ['no-truncation'],
      grade: toolOutputHas(0, [contains('0123456789'.repeat(3)), atMostBytes(64 * 1024 + 512)]),
    },
    {
      id: 'marked-truncated',
      guarantees: ['RESULT-8'],
      expected: 'the output says it was truncated',
      provenBy: ['cut-without-marker'],
      grade: toolOutputHas(0, [matches(/truncat|\bcut\b/i, 'marked truncated')]),
    },
  ],
});
