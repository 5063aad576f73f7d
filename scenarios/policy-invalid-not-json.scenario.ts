// POLICY-4: a policy file that is not JSON at all (cut off mid-object) stops start-up, as
// an invalid pack does: it is not taken for "no policy". The error names the policy and JSON
// (the pack's format), as a parse error does.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { invalidPolicyChecks } from '../harness/scenario/checks-policy-telemetry.js';

export default defineScenario({
  title: 'A policy file that is not valid JSON stops start-up before anything is connected',
  servers: { docs: { transport: 'stdio', behaviour: { tools: [{ name: 'search' }] } } },
  policy: '{"servers": {"docs": {"denyTools": ["delete_*"]',
  model: [{ message: 'Hello.' }],
  user: [{ end: 'eof', now: true }],
  checks: invalidPolicyChecks(['policy', 'JSON'], ['policy-invalid-json-ignored']),
});
