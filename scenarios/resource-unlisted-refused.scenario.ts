// RESOURCE-2: docs lists one note and a template. The model reads a URI nobody listed
// (refused locally: no question, nothing sent), then one the template matches (asked, read).
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { resourceRead } from '../harness/scenario/checks-resources-prompts.js';
import { modelToldRefused, noApprovalFor, serverNeverRead } from '../harness/scenario/checks-policy-telemetry.js';

const UNLISTED = 'notes://private/keys';
const TEMPLATED = 'notes://day/2024-01-01';
const read = (uri: string) => resourceRead('docs', uri);

export default defineScenario({
  title: 'A URI the server did not list or match by template is refused without sending',
  servers: {
    docs: {
      transport: 'http',
      behaviour: {
        tools: [{ name: 'search' }],
        resources: [{ uri: 'notes://readme', name: 'readme', text: 'readme text' }],
        resourceTemplates: [{ uriTemplate: 'notes://day/{date}', name: 'day' }],
      },
    },
  },
  model: [{ calls: [read(UNLISTED)] }, { calls: [read(TEMPLATED)] }, { message: 'Done.' }],
  user: [{ send: 'Read the keys, then the day note.' }, { approval: 'approve' }, { end: 'eof', within: 5000 }],
  checks: [
    {
      id: 'unlisted-uri-never-sent',
      guarantees: ['RESOURCE-2'],
      expected: `docs receives resources/read of ${TEMPLATED} but never of ${UNLISTED}`,
      provenBy: ['resource-read-unlisted'],
      grade: serverNeverRead('docs', UNLISTED, TEMPLATED),
    },
    {
      id: 'user-not-asked-about-unlisted',
      guarantees: ['RESOURCE-2'],
      expected: `the only approval request is for ${TEMPLATED}`,
      provenBy: ['resource-read-unlisted'],
      grade: noApprovalFor(UNLISTED),
    },
    {
      id: 'model-told-refused',
      guarantees: ['RESOURCE-2'],
      expected: 'the model is told the unlisted read was refused (failed or denied)',
      provenBy: ['resource-read-unlisted'],
      grade: modelToldRefused(0),
    },
  ],
});
