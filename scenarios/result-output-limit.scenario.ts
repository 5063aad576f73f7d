// RESULT-8: a 70 000-byte text result: the model gets status output_limit and the first part,
// within 64 KiB, marked truncated. The same text as an isError result is bounded the same way
// (its status may say failed or output_limit; what reaches the model is the first part, marked).
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { callOf, type AskedCall } from '../harness/scenario/call-of.js';
import { modelSawStatus } from '../harness/scenario/check-helpers.js';
import { atMostBytes, contains, matches, toolOutputHas } from '../harness/scenario/checks-approval-results.js';
import { STAMP_BLOCK_BYTES, stampedText } from '../fake-servers/mcp/stamped-text.js';

const BYTES = 70_000;
/** The first two stamped blocks ("[00000000]...[00000064]..."): a host that keeps the tail has neither. */
const HEAD = stampedText(BYTES).slice(0, 2 * STAMP_BLOCK_BYTES);

// Hosts word the mark their own way ("…truncated…", "cut", Claude Code's "Output too large … Preview"):
// any of them says the model is not seeing the whole output.
const TRUNCATION_MARK = /truncat|\bcut\b|too large|\bpreview\b/i;

/** The host may run the two calls in either order: each output is found by the call it answers. */
const calls: AskedCall[] = [
  { server: 'docs', tool: 'big', arguments: {} },
  { server: 'docs', tool: 'failing', arguments: {} },
];

export default defineScenario({
  title: 'A result over 64 KiB: output_limit, the first part, marked truncated',
  servers: {
    docs: {
      transport: 'http',
      behaviour: {
        tools: [
          { name: 'big', outcome: { kind: 'sized-text', bytes: BYTES } },
          { name: 'failing', outcome: { kind: 'content', isError: true, content: [{ type: 'text', text: stampedText(BYTES) }] } },
        ],
      },
    },
  },
  model: [{ calls }, { message: 'Got part of it.' }],
  host: { callTimeoutMs: 3000 },
  user: [{ send: 'Get it all.' }, { approval: 'approve' }, { approval: 'approve' }, { end: 'eof' }],
  checks: [
    {
      id: 'status-output-limit',
      guarantees: ['RESULT-8'],
      expected: 'the model receives status output_limit',
      provenBy: ['output-limit-as-completed', 'no-truncation'],
      grade: modelSawStatus(callOf(calls, 0), 'output_limit'),
    },
    {
      id: 'first-part-within-limit',
      guarantees: ['RESULT-8'],
      expected: 'the output holds the start of the result and is at most 64 KiB (plus a little framing)',
      provenBy: ['no-truncation'],
      grade: toolOutputHas(callOf(calls, 0), [contains(HEAD), atMostBytes(64 * 1024 + 512)]),
    },
    {
      id: 'marked-truncated',
      guarantees: ['RESULT-8'],
      expected: 'the output says it was truncated',
      provenBy: ['cut-without-marker'],
      grade: toolOutputHas(callOf(calls, 0), [matches(TRUNCATION_MARK, 'marked truncated')]),
    },
    {
      id: 'error-result-bounded-too',
      guarantees: ['RESULT-8'],
      expected: 'the same text as an isError result reaches the model as its first part, at most 64 KiB (plus a little framing), marked truncated',
      provenBy: ['no-truncation', 'result-error-text-uncapped'],
      grade: toolOutputHas(callOf(calls, 1), [contains(HEAD), atMostBytes(64 * 1024 + 512), matches(TRUNCATION_MARK, 'marked truncated')]),
    },
  ],
});
