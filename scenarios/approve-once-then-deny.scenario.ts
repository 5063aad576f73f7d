// APPROVE-1/2/3, RESULT-3, DISCOVER-1: the model calls the same tool three times with the
// same arguments; the user approves the first two and denies the third (an approval is never
// remembered, not after one, not after two). Uses the host's real deadlines (30 s, 10 s).
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import {
  approvalShownBeforeSending,
  approvalsShown,
  discoveredBeforeFirstQuestion,
  modelSawStatuses,
  serverGotToolCalls,
} from '../harness/scenario/check-helpers.js';

const search = { server: 'docs', tool: 'search', arguments: { query: 'release notes' } };

export default defineScenario({
  title: 'Approve two calls, deny the third call of the same tool with the same arguments',
  servers: { docs: { transport: 'http', behaviour: { tools: [{ name: 'search', description: 'Searches the docs.' }] } } },
  model: [{ calls: [search] }, { calls: [search] }, { calls: [search] }, { message: 'Done.' }],
  user: [{ send: 'Find the release notes three times.' }, { approval: 'approve' }, { approval: 'approve' }, { approval: 'deny' }, { end: 'eof' }],
  checks: [
    {
      id: 'discovery-before-first-question',
      guarantees: ['DISCOVER-1'],
      expected:
        'the opening (initialize or server/discover) and tools/list reach the server once, before the first model request, and never again for the calls',
      provenBy: ['double-connect', 'discover-tools-relisted-per-call'],
      grade: discoveredBeforeFirstQuestion('docs'),
    },
    {
      id: 'first-call-waits-for-approval',
      guarantees: ['APPROVE-1'],
      expected: 'the approval request is on screen while the server has received no tools/call',
      provenBy: ['auto-approve'],
      grade: approvalShownBeforeSending('docs', 0),
    },
    {
      id: 'second-call-asked-again',
      guarantees: ['APPROVE-2'],
      expected: 'the second and third calls of the same tool get their own approval requests',
      provenBy: ['auto-approve', 'sticky-approval', 'ka-anthropic-tty-approval-remembered'],
      grade: approvalsShown(3),
    },
    {
      id: 'denied-call-not-sent',
      guarantees: ['APPROVE-3', 'RESULT-3'],
      expected: 'the server receives only the two approved calls',
      provenBy: ['auto-approve', 'send-denied', 'ka-anthropic-tty-approval-remembered'],
      grade: serverGotToolCalls('docs', 2),
    },
    {
      id: 'model-told-completed-then-denied',
      guarantees: ['RESULT-3'],
      expected: 'the model receives status completed, completed, then denied',
      provenBy: ['auto-approve', 'sticky-approval', 'ka-anthropic-tty-approval-remembered', 'ka-genai-gemini-denial-as-output'],
      grade: modelSawStatuses(['completed', 'completed', 'denied']),
    },
  ],
});
