// LIMIT-2 counts every tool call, the host's own included: in one response the model asks for
// eight reads with the host's file tool, then nine MCP calls. Sixteen calls run, so the server
// gets eight; a host counting MCP calls only sends the ninth. The script has an approval step
// for each of the sixteen calls a host may ask about (one that asks before its own reads too);
// a host asking only before MCP calls is back at its prompt after the eighth.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { CALL_CAP_MESSAGE, callCapHeld } from '../harness/scenario/checks-exposure-limits.js';

const CAP = 16;
const READS = 8;
const reads = Array.from({ length: READS }, () => ({ readFile: 'notes.txt' }));
const notes = Array.from({ length: CAP + 1 - READS }, (_, i) => ({ server: 'docs', tool: 'note', arguments: { n: i + 1 } }));

export default defineScenario({
  title: 'Eight file reads and nine MCP calls in one turn: sixteen run, so the server gets eight',
  servers: { docs: { transport: 'http', behaviour: { tools: [{ name: 'note' }] } } },
  files: { '$PROJECT/notes.txt': 'Notes to read.\n' },
  model: [{ calls: [...reads, ...notes] }, { message: 'All done.' }],
  host: { callTimeoutMs: 3000 },
  timeoutMs: 90_000,
  needs: ['file-tool'],
  user: [
    { send: 'Read the notes eight times, then take nine notes.' },
    ...Array.from({ length: CAP }, () => ({ approval: 'approve' as const })),
    { end: 'eof' },
  ],
  checks: [
    {
      id: 'file-reads-count-toward-the-cap',
      guarantees: ['LIMIT-2'],
      expected:
        'after eight file reads the server receives eight tools/call, not nine (sixteen calls in the turn), and the screen says the tool-call limit ended the turn',
      provenBy: ['no-call-cap', 'limit-call-cap-mcp-only'],
      grade: callCapHeld('docs', CAP - READS, CALL_CAP_MESSAGE, CAP),
    },
  ],
});
