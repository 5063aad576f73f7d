// CONFIG-1, NET-4: the project directory holds a decoy .mcp.json (written by the harness for
// every scenario) pointing at the trap; the host never reads it, never reports its server
// and never contacts it.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { canaryAbsentEverywhere, trapUntouched } from '../harness/scenario/check-helpers.js';
import { noStatusLineFor } from '../harness/scenario/checks-credentials-network.js';

export default defineScenario({
  title: "The project's .mcp.json is ignored: its server is never reported, offered or contacted",
  servers: { docs: { transport: 'http', behaviour: { tools: [{ name: 'search' }] } } },
  model: [{ message: 'Hello.' }],
  user: [{ send: 'Hi' }, { end: 'eof' }],
  checks: [
    { id: 'decoy-not-reported', guarantees: ['CONFIG-1'], expected: 'no status line names project-decoy, the server of the project .mcp.json', provenBy: ['read-project-config'], grade: noStatusLineFor('project-decoy') },
    { id: 'decoy-never-contacted', guarantees: ['CONFIG-1', 'NET-4'], expected: 'the trap the decoy points at gets nothing', provenBy: ['read-project-config'], grade: trapUntouched() },
    { id: 'decoy-header-unsent', guarantees: ['CONFIG-1', 'NET-4'], expected: "the decoy's bearer canary is sent nowhere", provenBy: ['read-project-config'], grade: canaryAbsentEverywhere('decoy') },
  ],
});
