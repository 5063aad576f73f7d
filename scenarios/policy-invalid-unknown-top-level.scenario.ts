// POLICY-4 one level up from policy-invalid-unknown-setting: a pack whose top-level key is
// "Servers" (not "servers") holds no setting the host knows, so read loosely it would be no
// policy at all and leave docs uncaged; start-up stops instead, naming the key.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { invalidPolicyChecks } from '../harness/scenario/checks-policy-telemetry.js';

export default defineScenario({
  title: 'An unknown top-level key in the policy file stops start-up before anything is connected',
  servers: { docs: { transport: 'http', behaviour: { tools: [{ name: 'delete_file' }] } } },
  policy: { Servers: { docs: { denyTools: ['delete_*'] } } },
  model: [{ message: 'Hello.' }],
  user: [{ end: 'eof', now: true }],
  checks: invalidPolicyChecks(['policy', 'Servers'], ['policy-unknown-top-level-ignored']),
});
