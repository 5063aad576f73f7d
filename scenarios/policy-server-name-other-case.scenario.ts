// POLICY-4: the policy names server "Docs" while mcp.json configures "docs". A host may
// refuse the pack (no configured server of that name: start-up stops) or read server names
// case-insensitively throughout (the pack is in force: delete_file is refused locally). What
// it may not do is accept the pack at start-up by one comparison and then apply it to nothing
// by another: then delete_file is asked about and sent.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { policyRefusedOrInForce } from '../harness/scenario/checks-policy-telemetry.js';

export default defineScenario({
  title: 'A policy naming a server in another case is refused at start-up or in force, never silently void',
  servers: { docs: { transport: 'http', behaviour: { tools: [{ name: 'delete_file' }] } } },
  policy: { servers: { Docs: { denyTools: ['delete_*'] } } },
  model: [{ calls: [{ server: 'docs', tool: 'delete_file', arguments: { path: 'notes.txt' } }] }, { message: 'Done.' }],
  user: [{ send: 'Delete notes.txt.' }, { approval: 'approve' }, { end: 'eof' }],
  checks: [
    {
      id: 'policy-refused-or-in-force',
      guarantees: ['POLICY-4'],
      expected:
        'start-up stops before the model is asked anything, or delete_file (denied by the policy for "Docs") is refused locally: never asked about, never sent',
      provenBy: ['policy-server-name-case-insensitive'],
      grade: policyRefusedOrInForce('docs', 'delete_file', 'Docs'),
    },
  ],
});
