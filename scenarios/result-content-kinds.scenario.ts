// RESULT-1: a result mixing text, image, audio and a resource link, and one with only
// structuredContent. Text keeps its order, media are marked omitted with no base64 reaching
// the model, the link is listed and never opened, and structuredContent stands in for text.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { modelSawStatuses } from '../harness/scenario/check-helpers.js';
import { contains, inOrder, matches, modelNeverSaw, serverNeverGot, toolOutputHas } from '../harness/scenario/checks-approval-results.js';

const IMAGE = Buffer.from('IMAGE-BYTES-CANARY-51f0').toString('base64');
const AUDIO = Buffer.from('AUDIO-BYTES-CANARY-0d9e').toString('base64');
const LINK = 'notes://release/42';

export default defineScenario({
  title: 'Each content kind reaches the model as the catalogue says',
  servers: {
    docs: {
      transport: 'http',
      behaviour: {
        tools: [
          {
            name: 'mixed',
            outcome: {
              kind: 'content',
              content: [
                { type: 'text', text: 'alpha-block' },
                { type: 'image', data: IMAGE, mimeType: 'image/png' },
                { type: 'text', text: 'omega-block' },
                { type: 'audio', data: AUDIO, mimeType: 'audio/wav' },
                { type: 'resource_link', uri: LINK, name: 'release-42' },
              ],
            },
          },
          { name: 'structured', outcome: { kind: 'content', content: [], structuredContent: { answer: 'structured-7d2' } } },
        ],
      },
    },
  },
  model: [{ calls: [{ server: 'docs', tool: 'mixed', arguments: {} }, { server: 'docs', tool: 'structured', arguments: {} }] }, { message: 'Done.' }],
  host: { callTimeoutMs: 2000 },
  user: [{ send: 'Fetch both.' }, { approval: 'approve' }, { approval: 'approve' }, { end: 'eof' }],
  checks: [
    {
      id: 'both-completed',
      guarantees: ['RESULT-1'],
      expected: 'the model receives status completed for both calls',
      provenBy: ['send-denied'],
      grade: modelSawStatuses(['completed', 'completed']),
    },
    {
      id: 'text-blocks-in-order',
      guarantees: ['RESULT-1'],
      expected: 'both text blocks reach the model, in the order the server sent them',
      provenBy: ['last-text-only'],
      grade: toolOutputHas(0, [inOrder('alpha-block', 'omega-block')]),
    },
    {
      id: 'media-marked-omitted',
      guarantees: ['RESULT-1'],
      expected: 'the image and the audio are marked as omitted',
      provenBy: ['last-text-only'],
      grade: toolOutputHas(0, [matches(/image[^\n]*omitted|omitted[^\n]*image/i, 'marks the image omitted'), matches(/audio[^\n]*omitted|omitted[^\n]*audio/i, 'marks the audio omitted')]),
    },
    {
      id: 'no-base64-to-model',
      guarantees: ['RESULT-1'],
      expected: 'no request to the model contains the image or audio base64 data',
      provenBy: ['leak-base64'],
      grade: modelNeverSaw([IMAGE, AUDIO], 'the base64 data of the image or the audio'),
    },
    {
      id: 'resource-link-listed',
      guarantees: ['RESULT-1'],
      expected: `the resource link ${LINK} is listed in the output`,
      provenBy: ['last-text-only'],
      grade: toolOutputHas(0, [contains(LINK)]),
    },
    {
      id: 'resource-link-not-opened',
      guarantees: ['RESULT-1'],
      expected: 'the server receives no resources/read',
      provenBy: ['open-resource-links'],
      grade: serverNeverGot('docs', 'resources/read'),
    },
    {
      id: 'structured-content-used',
      guarantees: ['RESULT-1'],
      expected: 'a result with only structuredContent gives the model that content',
      provenBy: ['drop-structured-content'],
      grade: toolOutputHas(1, [contains('structured-7d2')]),
    },
  ],
});
