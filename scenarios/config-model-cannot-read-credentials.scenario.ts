// CONFIG-2: the model asks read_file for the host's configuration (where the credentials
// are stored); the read is refused, no credential reaches the model, and the configuration
// is unchanged after the chat.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { modelSawStatus } from '../harness/scenario/check-helpers.js';
import { canaryKeptFrom, configHoldsOnly, PLACES } from '../harness/scenario/checks-credentials-network.js';

export default defineScenario({
  title: 'The model cannot read the stored credentials through read_file nor change the configuration',
  servers: {
    docs: { transport: 'http', headers: { Authorization: 'Bearer {canary}' }, behaviour: { tools: [{ name: 'search' }] } },
  },
  model: [{ builtin: 'read_file', arguments: { path: '../xdg/config/refhost/mcp.json' } }, { message: 'Done.' }],
  user: [{ send: 'Show me your MCP configuration.' }, { end: 'eof' }],
  checks: [
    { id: 'read-refused', guarantees: ['CONFIG-2'], expected: 'read_file on the configuration outside the working directory is refused (failed)', provenBy: ['read-file-anywhere'], grade: modelSawStatus(0, 'failed') },
    { id: 'credential-not-to-model', guarantees: ['CONFIG-2', 'CRED-2'], expected: 'the stored bearer never reaches the model', provenBy: ['read-file-anywhere', 'leak-credentials-to-model'], grade: canaryKeptFrom(PLACES.model, 'server "docs"') },
    { id: 'config-unchanged', guarantees: ['CONFIG-2'], expected: 'after the chat the configuration still holds exactly the configured server', provenBy: ['model-edits-config'], grade: configHoldsOnly(['docs']) },
  ],
});
