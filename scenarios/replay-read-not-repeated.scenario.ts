// REPLAY-1 for the other member of the family: a resource read, not a tool call. The first
// start reads docs' readme through the built-in read_mcp_resource tool (approved where the host
// asks; the RESOURCE checks grade the asking) and saves the session; the second start resumes.
// The session opens with the recorded read, and nothing recorded is invoked again: docs
// receives no resources/read (nor tools/call, nor prompts/get) after the resume, however
// stale the recorded text may seem.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { resourceRead } from '../harness/scenario/checks-resources-prompts.js';
import { nothingReinvoked } from '../harness/scenario/checks-replay.js';

const URI = 'notes://docs/readme';
const TEXT = 'recorded-readme-4e1b';

export default defineScenario({
  title: 'A session that read an MCP resource resumes without reading it again',
  needs: ['sessions'],
  servers: { docs: { transport: 'http', behaviour: { tools: [{ name: 'search' }], resources: [{ uri: URI, name: 'readme', text: TEXT }] } } },
  model: [{ calls: [resourceRead('docs', URI)] }, { message: 'Read the readme.' }, { message: 'Earlier I read the readme.' }],
  host: { callTimeoutMs: 3000, connectTimeoutMs: 3000 },
  user: [
    { send: 'Read the docs readme.' },
    { approval: 'approve', optional: true },
    { end: 'eof' },
    { restart: { resume: true } },
    { send: 'What did the readme say?' },
    { end: 'eof' },
  ],
  checks: [
    {
      id: 'read-not-repeated',
      guarantees: ['REPLAY-1'],
      expected:
        'the resumed session opens with the recorded text of the read, and after the resume docs receives no resources/read (nor any tools/call or prompts/get): the recorded read is not sent again',
      provenBy: ['replay-recorded-reads-refreshed'],
      grade: nothingReinvoked(['docs'], TEXT),
    },
  ],
});
