// RESOURCE-2: docs lists one note and a template. The model reads from docs a URI nobody
// listed, one only server other lists, and one only other's template matches (each refused
// locally: no question, nothing sent), then one docs' own template matches (asked, read).
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { resourceRead } from '../harness/scenario/checks-resources-prompts.js';
import { modelToldRefused, noApprovalFor, serverNeverRead } from '../harness/scenario/checks-policy-telemetry.js';

const UNLISTED = 'notes://private/keys';
const TEMPLATED = 'notes://day/2024-01-01';
const OTHERS_LISTED = 'notes://shared/secret';
const OTHERS_TEMPLATED = 'notes://vault/master';
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
    other: {
      transport: 'http',
      behaviour: {
        tools: [{ name: 'lookup' }],
        resources: [{ uri: OTHERS_LISTED, name: 'secret', text: 'other secret' }],
        resourceTemplates: [{ uriTemplate: 'notes://vault/{key}', name: 'vault' }],
      },
    },
  },
  model: [{ calls: [read(UNLISTED)] }, { calls: [read(OTHERS_LISTED)] }, { calls: [read(OTHERS_TEMPLATED)] }, { calls: [read(TEMPLATED)] }, { message: 'Done.' }],
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
    ...[OTHERS_LISTED, OTHERS_TEMPLATED].flatMap((uri, i) => {
      const what = i === 0 ? 'listed only by server other' : "matched only by server other's template";
      const mutant = i === 0 ? 'resource-listed-by-any-server' : 'resource-template-of-any-server';
      return [
        {
          id: `${i === 0 ? 'others-uri' : 'others-template-uri'}-never-sent`,
          guarantees: ['RESOURCE-2'],
          expected: `docs receives resources/read of ${TEMPLATED} but never of ${uri}, ${what}`,
          // resource-read-unlisted sends the first unlisted read and asks about the next, so the allowed read never comes: BLOCKED there (unlisted-uri-never-sent fails).
          provenBy: [mutant],
          grade: serverNeverRead('docs', uri, TEMPLATED),
        },
        {
          id: `${i === 0 ? 'others-uri' : 'others-template-uri'}-not-asked`,
          guarantees: ['RESOURCE-2'],
          expected: `no approval request is shown for ${uri}, ${what}`,
          provenBy: [mutant],
          grade: noApprovalFor(uri),
        },
      ];
    }),
  ],
});
