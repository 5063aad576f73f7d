// RESULT-2: one tool answers isError true, another a JSON-RPC error; both are failed and the
// model gets the server's own message.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { callOf, type AskedCall } from '../harness/scenario/call-of.js';
import { modelSawStatuses } from '../harness/scenario/check-helpers.js';
import { contains, toolOutputHas } from '../harness/scenario/checks-approval-results.js';

/** The host may run the two calls in either order: each output is found by the call it answers. */
const calls: AskedCall[] = [{ server: 'docs', tool: 'flagged', arguments: {} }, { server: 'docs', tool: 'rpc', arguments: {} }];

export default defineScenario({
  title: 'isError and a JSON-RPC error both give status failed with the server message',
  servers: {
    docs: {
      transport: 'http',
      behaviour: {
        tools: [
          { name: 'flagged', outcome: { kind: 'content', content: [{ type: 'text', text: 'disk-full-5e1' }], isError: true } },
          { name: 'rpc', outcome: { kind: 'jsonrpc-error', code: -32050, message: 'quota-exceeded-9b4' } },
        ],
      },
    },
  },
  model: [{ calls }, { message: 'Both failed.' }],
  host: { callTimeoutMs: 2000 },
  user: [{ send: 'Try both.' }, { approval: 'approve' }, { approval: 'approve' }, { end: 'eof' }],
  checks: [
    {
      id: 'both-failed',
      guarantees: ['RESULT-2'],
      expected: 'the model receives status failed for the isError result and for the JSON-RPC error',
      provenBy: ['errors-as-completed'],
      grade: modelSawStatuses(['failed', 'failed']),
    },
    {
      id: 'is-error-message-kept',
      guarantees: ['RESULT-2'],
      expected: "the isError result's text reaches the model",
      provenBy: ['hide-server-error'],
      grade: toolOutputHas(callOf(calls, 0), [contains('disk-full-5e1')]),
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
