// REPLAY-3: a session the host saved before it supported MCP (a fixture in the host's own
// format that its profile names) still loads: resumed, its history reaches the model.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { legacySessionLoads } from '../harness/scenario/checks-replay.js';

export default defineScenario({
  title: 'A session saved before MCP support still loads',
  needs: ['sessions', 'legacy-session'],
  servers: {},
  resume: true,
  model: [{ message: 'You asked about notes.txt.' }],
  user: [{ send: 'What did I ask before?' }, { end: 'eof' }],
  checks: [
    {
      id: 'pre-mcp-session-loads',
      guarantees: ['REPLAY-3'],
      expected: "the pre-MCP session resumes and its recorded text reaches the model",
      provenBy: ['reject-v1'],
      grade: legacySessionLoads(),
    },
  ],
});
