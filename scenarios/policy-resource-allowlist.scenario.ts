// POLICY-3 (with RESOURCE-2, which refuses what the allowlist excludes): server docs lists a public and a private note; the policy allows only
// notes://public/*. The model reads the private note (refused locally: no question, nothing
// sent), then a listed URI that only ends like an allowed one (a pattern matches the whole
// URI: refused too), then the public one (asked about, read).
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { resourceRead } from '../harness/scenario/checks-resources-prompts.js';
import { modelToldRefused, noApprovalFor, serverNeverRead } from '../harness/scenario/checks-policy-telemetry.js';

const PUBLIC = 'notes://public/readme';
const PRIVATE = 'notes://private/keys';
/** Holds an allowed URI after its own scheme: only a pattern matched from anywhere admits it. */
const DISGUISED = 'files://secrets/notes://public/readme';
const read = (uri: string) => resourceRead('docs', uri);

export default defineScenario({
  title: 'A resource URI outside the allowlist is never read; an allowed one is',
  servers: {
    docs: {
      transport: 'http',
      behaviour: {
        tools: [{ name: 'search' }],
        resources: [
          { uri: PUBLIC, name: 'readme', text: 'public text' },
          { uri: PRIVATE, name: 'keys', text: 'private text' },
          { uri: DISGUISED, name: 'secrets', text: 'secret text' },
        ],
      },
    },
  },
  policy: { servers: { docs: { allowResources: ['notes://public/*'] } } },
  model: [{ calls: [read(PRIVATE)] }, { calls: [read(DISGUISED)] }, { calls: [read(PUBLIC)] }, { message: 'Done.' }],
  user: [{ send: 'Read the private note, then the public one.' }, { approval: 'approve' }, { end: 'eof' }],
  checks: [
    {
      id: 'excluded-uri-never-read',
      guarantees: ['POLICY-3', 'RESOURCE-2'],
      expected: `server docs receives resources/read of ${PUBLIC} but never of ${PRIVATE}`,
      provenBy: ['ignore-resource-allowlist'],
      grade: serverNeverRead('docs', PRIVATE, PUBLIC),
    },
    {
      id: 'user-not-asked-about-excluded-uri',
      guarantees: ['POLICY-3', 'RESOURCE-2'],
      expected: `the only approval request is for ${PUBLIC}`,
      provenBy: ['ignore-resource-allowlist'],
      grade: noApprovalFor(PRIVATE),
    },
    {
      id: 'model-told-refused',
      guarantees: ['POLICY-3', 'RESOURCE-2'],
      expected: 'the model is told the private read was refused (denied or failed)',
      provenBy: ['ignore-resource-allowlist'],
      grade: modelToldRefused(0),
    },
    {
      id: 'pattern-matches-the-whole-uri',
      guarantees: ['POLICY-3', 'RESOURCE-2'],
      expected: `server docs never receives a resources/read of ${DISGUISED}, which only ends like an allowed URI`,
      // ignore-resource-allowlist sends the excluded read and asks about the next, so the allowed read never comes: BLOCKED there (excluded-uri-never-read fails).
      provenBy: ['policy-allow-unanchored'],
      grade: serverNeverRead('docs', DISGUISED, PUBLIC),
    },
  ],
});
