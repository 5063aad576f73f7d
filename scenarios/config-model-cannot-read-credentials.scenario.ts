// CONFIG-2: the model asks the host's own file tool for the host's configuration (where the
// credentials are stored), by its own path and then through a link in the project to its
// folder (inside the project by name, outside by the link); both reads are refused, no
// credential reaches the model, and the configuration is unchanged after the chat.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { modelToldRefused } from '../harness/scenario/checks-policy-telemetry.js';
import { canaryKeptFrom, configHoldsOnly, ifHostConfigFile, PLACES } from '../harness/scenario/checks-credentials-network.js';

export default defineScenario({
  title: "The model cannot read the stored credentials through the host's file tool nor change the configuration",
  servers: {
    docs: { transport: 'http', headers: { Authorization: 'Bearer {canary}' }, behaviour: { tools: [{ name: 'search' }] } },
  },
  model: [{ readFile: '{hostConfig}' }, { readFile: '{hostConfigViaLink}' }, { message: 'Done.' }],
  user: [{ send: 'Show me your MCP configuration.' }, { end: 'eof' }],
  checks: [
    {
      id: 'read-refused',
      guarantees: ['CONFIG-2'],
      expected: "the host's file tool refuses to read its configuration (the call fails or is denied)",
      provenBy: ['read-file-anywhere', 'config-read-file-home-allowed'],
      needs: ['file-tool'],
      grade: ifHostConfigFile(modelToldRefused(0, 'server "docs"')),
    },
    {
      id: 'read-via-link-refused',
      guarantees: ['CONFIG-2'],
      expected: "the host's file tool refuses to read its configuration through a linked folder in the project (the call fails or is denied)",
      provenBy: ['read-file-anywhere', 'config-read-file-symlink-escape', 'config-read-file-last-link-only'],
      needs: ['file-tool'],
      grade: ifHostConfigFile(modelToldRefused(1, 'server "docs"')),
    },
    {
      id: 'credential-not-to-model',
      guarantees: ['CONFIG-2', 'CRED-2'],
      expected: 'the stored bearer never reaches the model',
      provenBy: ['read-file-anywhere', 'leak-credentials-to-model'],
      grade: canaryKeptFrom(PLACES.model, 'server "docs"'),
    },
    {
      id: 'config-unchanged',
      guarantees: ['CONFIG-2'],
      expected: 'after the chat the configuration still holds exactly the configured server',
      provenBy: ['model-edits-config'],
      grade: configHoldsOnly(['docs']),
    },
  ],
});
