// APPROVE-1/6: the model asks for two calls in one response. The first answers slowly; the
// second must be sent only after the server answered the first, and each only after its own approval.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { approvalShownBeforeSending, approvalsShown } from '../harness/scenario/check-helpers.js';
import { callsOneAfterAnother } from '../harness/scenario/checks-approval-results.js';

const step = (n: number) => ({ server: 'docs', tool: 'step', arguments: { n } });

export default defineScenario({
  title: 'Two calls in one model response are asked for and sent one after another',
  servers: {
    docs: {
      transport: 'http',
      // The first call's answer takes long enough that a host not waiting for it sends the second meanwhile.
      behaviour: { tools: [{ name: 'step', outcomes: [{ kind: 'content', content: [{ type: 'text', text: 'first done' }], delayMs: 500 }] }] },
    },
  },
  model: [{ calls: [step(1), step(2)] }, { message: 'Both done.' }],
  host: { callTimeoutMs: 3000 },
  user: [{ send: 'Run both steps.' }, { approval: 'approve' }, { approval: 'approve' }, { end: 'eof' }],
  checks: [
    {
      id: 'second-call-after-first-answer',
      guarantees: ['APPROVE-6'],
      expected: 'the second tools/call reaches the server only after the server answered the first',
      provenBy: ['concurrent-calls', 'ka-acp-agent-calls-side-by-side'],
      grade: callsOneAfterAnother('docs', 2),
    },
    {
      id: 'each-call-asked',
      guarantees: ['APPROVE-6'],
      expected: 'each of the two calls gets its own approval request',
      provenBy: ['auto-approve'],
      grade: approvalsShown(2),
    },
    {
      id: 'second-asked-before-sending',
      guarantees: ['APPROVE-1'],
      expected: 'the second call reaches the server only after its own approval (asking for both before sending either also holds)',
      provenBy: ['auto-approve'],
      grade: approvalShownBeforeSending('docs', 1),
    },
  ],
});
