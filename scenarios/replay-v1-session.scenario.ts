// REPLAY-3: a session saved in format version 1 (before MCP support: bare {role, content}
// messages, no createdAt) resumes and its history reaches the model.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { recordedHistorySent } from '../harness/scenario/checks-exposure-limits.js';

const ID = '20240301T101500000Z-legacy01';
const V1 = [
  { type: 'session', version: 1, id: ID },
  { role: 'user', content: 'What is in notes.txt?' },
  { type: 'function_call', call_id: 'call_1', name: 'read_file', arguments: '{"path":"notes.txt"}' },
  { type: 'function_call_output', call_id: 'call_1', output: 'legacy-output-buy-milk' },
  { role: 'assistant', content: 'It says: buy milk.' },
];

export default defineScenario({
  title: 'A session saved before MCP support (format version 1) still loads',
  servers: {},
  files: { [`$XDG_DATA_HOME/refhost/sessions/${ID}.jsonl`]: V1.map((l) => `${JSON.stringify(l)}\n`).join('') },
  resume: true,
  model: [{ message: 'You asked about notes.txt.' }],
  user: [{ send: 'What did I ask before?' }, { end: 'eof' }],
  checks: [
    {
      id: 'v1-session-loads',
      guarantees: ['REPLAY-3'],
      expected: 'the version 1 history, its read_file call and output included, reaches the model',
      provenBy: ['reject-v1'],
      grade: recordedHistorySent('call_1', 'legacy-output-buy-milk'),
    },
  ],
});
