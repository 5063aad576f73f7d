// APPROVE-1: the approval question waits for the user however long they take: the user lets
// it stand for 22 s (past the 20 s a host might wrongly treat as consent) and then denies.
// Nothing reaches the server meanwhile and the model is told denied. This scenario costs 22 s
// of waiting by design: a deadline on an event (the host going on) that must never happen.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { approvalShownBeforeSending, modelSawStatuses } from '../harness/scenario/check-helpers.js';

const THINK_MS = 22_000;

export default defineScenario({
  title: 'An approval question left unanswered for 22 s still waits; the late answer no denies',
  servers: { docs: { transport: 'http', behaviour: { tools: [{ name: 'deploy' }] } } },
  model: [{ calls: [{ server: 'docs', tool: 'deploy', arguments: { target: 'production' } }] }, { message: 'Not deployed.' }, { message: 'Noted.' }],
  host: { callTimeoutMs: 3000 },
  timeoutMs: 60_000,
  user: [{ send: 'Deploy to production.' }, { approval: 'deny', thinkMs: THINK_MS }, { end: 'eof' }],
  checks: [
    {
      id: 'waits-through-a-slow-answer',
      guarantees: ['APPROVE-1'],
      expected: 'while the question stands unanswered for 22 s the server receives nothing',
      provenBy: ['auto-approve', 'approve-auto-after-idle'],
      grade: approvalShownBeforeSending('docs', 0),
    },
    {
      id: 'late-no-denies',
      guarantees: ['APPROVE-1', 'RESULT-3'],
      expected: 'the model receives status denied for the call',
      provenBy: ['auto-approve', 'approve-auto-after-idle'],
      grade: modelSawStatuses(['denied'], { first: true }),
    },
  ],
});
