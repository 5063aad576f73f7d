// REPLAY-3: a session the host saved before it supported MCP (a fixture in the host's own
// format that its profile names) still loads: resumed, its history reaches the model; resumed
// a second time, after the first resume added to it, it loads again (a host that marks the
// file as its current format on resume, without converting its old lines, fails there).
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { legacySessionLoads } from '../harness/scenario/checks-replay.js';

export default defineScenario({
  title: 'A session saved before MCP support still loads',
  needs: ['sessions', 'legacy-session'],
  servers: {},
  resume: true,
  model: [{ message: 'You asked about notes.txt.' }, { message: 'Still notes.txt.' }],
  user: [{ send: 'What did I ask before?' }, { end: 'eof' }, { restart: { resume: true } }, { send: 'And before that?' }, { end: 'eof' }],
  checks: [
    {
      id: 'pre-mcp-session-loads',
      guarantees: ['REPLAY-3'],
      expected: 'the pre-MCP session resumes and its recorded text reaches the model',
      provenBy: ['reject-v1'],
      grade: legacySessionLoads(),
    },
    {
      id: 'pre-mcp-session-loads-again',
      guarantees: ['REPLAY-3'],
      expected: 'resumed a second time, after the first resume added to it, the pre-MCP session loads again and its recorded text reaches the model',
      provenBy: ['replay-v1-header-bumped-on-resume'],
      grade: legacySessionLoads(true),
    },
  ],
});
