// RESULT-2: one tool answers isError true with two text blocks, another isError true with no
// content at all (only structuredContent), a third a JSON-RPC error; all three are failed and
// the model gets the server's own message, every block of it.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { callOf, type AskedCall } from '../harness/scenario/call-of.js';
import { modelSawStatuses } from '../harness/scenario/check-helpers.js';
import { contains, toolOutputHas } from '../harness/scenario/checks-approval-results.js';

/** The host may run the two calls in either order: each output is found by the call it answers. */
const calls: AskedCall[] = [
  { server: 'docs', tool: 'flagged', arguments: {} },
  { server: 'docs', tool: 'rpc', arguments: {} },
  { server: 'docs', tool: 'bare', arguments: {} },
];

export default defineScenario({
  title: 'isError and a JSON-RPC error both give status failed with the server message',
  servers: {
    docs: {
      transport: 'http',
      behaviour: {
        tools: [
          {
            name: 'flagged',
            outcome: {
              kind: 'content',
              content: [
                { type: 'text', text: 'disk-full-5e1' },
                { type: 'text', text: 'free-space-needed-2a9' },
              ],
              isError: true,
            },
          },
          { name: 'rpc', outcome: { kind: 'jsonrpc-error', code: -32050, message: 'quota-exceeded-9b4' } },
          { name: 'bare', outcome: { kind: 'content', content: [], structuredContent: { error: 'no-space-left-8d1' }, isError: true } },
        ],
      },
    },
  },
  model: [{ calls }, { message: 'All failed.' }],
  host: { callTimeoutMs: 2000 },
  user: [{ send: 'Try all three.' }, { approval: 'approve' }, { approval: 'approve' }, { approval: 'approve' }, { end: 'eof' }],
  checks: [
    {
      id: 'both-failed',
      guarantees: ['RESULT-2'],
      expected: 'the model receives status failed for both isError results (with content and without) and for the JSON-RPC error',
      provenBy: ['errors-as-completed', 'result-is-error-empty-completed', 'ka-tui-responses-is-error-completed'],
      grade: modelSawStatuses(['failed', 'failed', 'failed']),
    },
    {
      id: 'is-error-message-kept',
      guarantees: ['RESULT-2'],
      expected: "the isError result's text reaches the model, both of its blocks",
      provenBy: ['hide-server-error'],
      grade: toolOutputHas(callOf(calls, 0), [contains('disk-full-5e1'), contains('free-space-needed-2a9')]),
    },
    {
      id: 'json-rpc-message-kept',
      guarantees: ['RESULT-2'],
      expected: "the JSON-RPC error's message reaches the model",
      provenBy: ['hide-server-error'],
      grade: toolOutputHas(callOf(calls, 1), [contains('quota-exceeded-9b4')]),
    },
  ],
});
