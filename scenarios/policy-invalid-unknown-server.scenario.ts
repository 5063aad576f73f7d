// POLICY-4: a policy for a server name that is not configured (a typo) would leave the real
// server uncaged; start-up stops instead.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { invalidPolicyChecks } from '../harness/scenario/checks-policy-telemetry.js';

export default defineScenario({
  title: 'A policy for a server that is not configured stops start-up before anything is connected',
  servers: { notes: { transport: 'http', behaviour: { tools: [{ name: 'delete_note' }] } } },
  policy: { servers: { noets: { denyTools: ['delete_*'] } } },
  model: [{ message: 'Hello.' }],
  user: [{ end: 'eof', now: true }],
  checks: invalidPolicyChecks(['policy', 'noets']),
});
