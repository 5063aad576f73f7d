// RESULT-8 at the bound, in UTF-8 bytes: a result of exactly 64 KiB (3-byte characters, so
// it is a third of that in characters) reaches the model whole and completed; one byte more
// is output_limit, its first part kept. Every 64-byte block of the text names its offset, so
// a host that keeps the tail or drops the middle, counts characters, or cuts at 64 000 bytes, is seen.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { callOf, type AskedCall } from '../harness/scenario/call-of.js';
import { modelSawStatus } from '../harness/scenario/check-helpers.js';
import { atMostBytes, stampedHead, toolOutputHas, wholeStamped } from '../harness/scenario/checks-approval-results.js';

const LIMIT = 64 * 1024;

/** The host may run the two calls in either order: each output is found by the call it answers. */
const calls: AskedCall[] = [
  { server: 'docs', tool: 'exact', arguments: {} },
  { server: 'docs', tool: 'over', arguments: {} },
];

export default defineScenario({
  title: 'A result of exactly 64 KiB is kept whole; one byte more is output_limit with its first part',
  servers: {
    docs: {
      transport: 'http',
      behaviour: {
        tools: [
          { name: 'exact', outcome: { kind: 'sized-text', bytes: LIMIT, fill: 'utf8-3' } },
          { name: 'over', outcome: { kind: 'sized-text', bytes: LIMIT + 1, fill: 'utf8-3' } },
        ],
      },
    },
  },
  model: [{ calls }, { message: 'Got them.' }],
  host: { callTimeoutMs: 5000 },
  user: [{ send: 'Get both.' }, { approval: 'approve' }, { approval: 'approve' }, { end: 'eof' }],
  checks: [
    {
      id: 'at-bound-completed',
      guarantees: ['RESULT-8'],
      expected: 'the result of exactly 64 KiB (UTF-8 bytes) reaches the model as completed',
      provenBy: ['result-output-limit-off-by-one', 'result-output-limit-64000'],
      grade: modelSawStatus(callOf(calls, 0), 'completed'),
    },
    {
      id: 'at-bound-whole',
      guarantees: ['RESULT-8'],
      expected: 'the result of exactly 64 KiB reaches the model whole: every block once, in order (a host that drops the middle is seen)',
      provenBy: ['result-output-limit-off-by-one', 'result-output-limit-64000', 'result-middle-elided-as-completed'],
      grade: toolOutputHas(callOf(calls, 0), [wholeStamped(LIMIT)]),
    },
    {
      id: 'past-bound-output-limit',
      guarantees: ['RESULT-8'],
      expected: 'one byte more is output_limit (a host counting characters sees a third of it and keeps it whole)',
      provenBy: ['result-output-limit-characters', 'no-truncation'],
      grade: modelSawStatus(callOf(calls, 1), 'output_limit'),
    },
    {
      id: 'past-bound-keeps-the-head',
      guarantees: ['RESULT-8'],
      expected:
        'the output_limit result keeps the first part (blocks from the start in order, at least two, none from further on) within 64 KiB of text plus framing',
      provenBy: ['result-output-keeps-tail', 'result-output-head-and-tail'],
      grade: toolOutputHas(callOf(calls, 1), [stampedHead(2), atMostBytes(LIMIT + 1024)], 'output_limit'),
    },
  ],
});
