// POLICY-4: a policy with a setting the host does not have ("autoApprove") is invalid; the
// host must refuse to start rather than ignore it.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { invalidPolicyChecks } from '../harness/scenario/checks-policy-telemetry.js';

export default defineScenario({
  title: 'An unknown policy setting (autoApprove) stops start-up before anything is connected',
  servers: { docs: { transport: 'http', behaviour: { tools: [{ name: 'search' }] } } },
  policy: { servers: { docs: { autoApprove: true } } },
  model: [{ message: 'Hello.' }],
  user: [{ end: 'eof', now: true }],
  checks: invalidPolicyChecks(['policy', 'docs', 'autoApprove']),
});
