// RESOURCE-2: docs lists one note and a template. The model reads from docs a URI nobody
// listed, one only server other lists, and one only other's template matches (each refused
// locally: no question, nothing sent), then look-alikes of docs' own URIs (letter case,
// trailing slash, percent-encoding, a path below the listed one, a template's literal part in
// other case, a value over several segments) and a read from server bare, which offers
// resources but listed none; last, one docs' own template matches (asked, read). No server
// may receive any read but that last one, wherever a host would send the refused ones.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { readsConfinedTo, resourceRead } from '../harness/scenario/checks-resources-prompts.js';
import { modelToldRefused, noApprovalFor, serverNeverRead } from '../harness/scenario/checks-policy-telemetry.js';

const UNLISTED = 'notes://private/keys';
const TEMPLATED = 'notes://day/2024-01-01';
const OTHERS_LISTED = 'notes://shared/secret';
const OTHERS_TEMPLATED = 'notes://vault/master';
const read = (uri: string) => resourceRead('docs', uri);
/** Each differs from a URI docs listed, or one its template matches, by one loose equivalence. */
const LOOK_ALIKES = [
  'notes://README',
  'notes://readme/',
  'notes://%72eadme',
  'notes://readme/../private/keys',
  'notes://DAY/2024-01-01',
  'notes://day/2024/01/01',
];

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
    bare: { transport: 'http', behaviour: { tools: [{ name: 'ping' }], resources: [] } },
  },
  model: [
    { calls: [read(UNLISTED)] },
    { calls: [read(OTHERS_LISTED)] },
    { calls: [read(OTHERS_TEMPLATED)] },
    { calls: [...LOOK_ALIKES.map(read), resourceRead('bare', 'notes://readme')] },
    { calls: [read(TEMPLATED)] },
    { message: 'Done.' },
  ],
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
    {
      id: 'only-offered-uris-read',
      guarantees: ['RESOURCE-2', 'RESOURCE-1'],
      expected: `docs receives resources/read of ${TEMPLATED} alone; none of the look-alikes (${LOOK_ALIKES.join(', ')}) reaches it, and neither other nor bare receives any read`,
      provenBy: ['resource-template-prefix-match'],
      grade: readsConfinedTo({ docs: [TEMPLATED], other: [], bare: [] }, { server: 'docs', uri: TEMPLATED }),
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
