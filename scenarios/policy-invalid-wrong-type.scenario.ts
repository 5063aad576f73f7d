// POLICY-4: a policy setting of the wrong type (callsPerMinute as text) stops start-up.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { invalidPolicyChecks } from '../harness/scenario/checks-policy-telemetry.js';

export default defineScenario({
  title: 'A policy setting of the wrong type stops start-up before anything is connected',
  servers: { docs: { transport: 'stdio', behaviour: { tools: [{ name: 'search' }] } } },
  policy: { servers: { docs: { callsPerMinute: 'ten' } } },
  model: [{ message: 'Hello.' }],
  user: [{ end: 'eof', now: true }],
  checks: invalidPolicyChecks(['policy', 'docs', 'callsPerMinute']),
});
