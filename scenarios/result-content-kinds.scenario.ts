// RESULT-1: a result mixing text, image, audio, an embedded binary resource and a resource
// link, one with only structuredContent and one with an image and structuredContent. Text
// keeps its order, media are marked omitted with no base64 (of media or of the binary
// resource) reaching the model, the link is listed and never opened, and structuredContent
// stands in for text whenever there is no text (an image is not text).
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { callOf, type AskedCall } from '../harness/scenario/call-of.js';
import { modelSawStatuses } from '../harness/scenario/check-helpers.js';
import { contains, inOrder, matches, modelNeverSaw, serverNeverGot, toolOutputHas } from '../harness/scenario/checks-approval-results.js';

const IMAGE = Buffer.from('IMAGE-BYTES-CANARY-51f0').toString('base64');
const AUDIO = Buffer.from('AUDIO-BYTES-CANARY-0d9e').toString('base64');
const BLOB = Buffer.from('BLOB-BYTES-CANARY-a3c8').toString('base64');
const LINK = 'notes://release/42';

/** The host may run the three calls in any order: each output is found by the call it answers. */
const calls: AskedCall[] = [
  { server: 'docs', tool: 'mixed', arguments: {} },
  { server: 'docs', tool: 'structured', arguments: {} },
  { server: 'docs', tool: 'pictured', arguments: {} },
];

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
                { type: 'resource', resource: { uri: 'notes://attachment/7', mimeType: 'application/octet-stream', blob: BLOB } },
                { type: 'resource_link', uri: LINK, name: 'release-42' },
              ],
            },
          },
          { name: 'structured', outcome: { kind: 'content', content: [], structuredContent: { answer: 'structured-7d2' } } },
          {
            name: 'pictured',
            outcome: {
              kind: 'content',
              content: [{ type: 'image', data: IMAGE, mimeType: 'image/png' }],
              structuredContent: { answer: 'structured-beside-image-3c1' },
            },
          },
        ],
      },
    },
  },
  model: [{ calls }, { message: 'Done.' }],
  host: { callTimeoutMs: 2000 },
  user: [{ send: 'Fetch all three.' }, { approval: 'approve' }, { approval: 'approve' }, { approval: 'approve' }, { end: 'eof' }],
  checks: [
    {
      id: 'all-completed',
      guarantees: ['RESULT-1'],
      expected: 'the model receives status completed for all three calls',
      provenBy: ['send-denied'],
      grade: modelSawStatuses(['completed', 'completed', 'completed']),
    },
    {
      id: 'text-blocks-in-order',
      guarantees: ['RESULT-1'],
      expected: 'both text blocks reach the model, in the order the server sent them',
      provenBy: ['last-text-only'],
      grade: toolOutputHas(callOf(calls, 0), [inOrder('alpha-block', 'omega-block')]),
    },
    {
      id: 'media-marked-omitted',
      guarantees: ['RESULT-1'],
      expected: 'the image, the audio and the embedded binary resource are marked as omitted',
      provenBy: ['last-text-only', 'result-embedded-blob-as-base64'],
      grade: toolOutputHas(callOf(calls, 0), [
        matches(/image[^\n]*omitted|omitted[^\n]*image/i, 'marks the image omitted'),
        matches(/audio[^\n]*omitted|omitted[^\n]*audio/i, 'marks the audio omitted'),
        matches(/(binary|blob)[^\n]{0,60}omitted|omitted[^\n]{0,60}(binary|blob)/i, 'marks the binary resource omitted'),
      ]),
    },
    {
      id: 'no-base64-to-model',
      guarantees: ['RESULT-1'],
      expected: 'no request to the model contains the base64 data of the image, the audio or the embedded binary resource',
      provenBy: ['leak-base64', 'result-embedded-blob-as-base64'],
      grade: modelNeverSaw([IMAGE, AUDIO, BLOB], 'the base64 data of the image, the audio or the binary resource'),
    },
    {
      id: 'resource-link-listed',
      guarantees: ['RESULT-1'],
      expected: `the resource link ${LINK} is listed in the output`,
      provenBy: ['last-text-only'],
      grade: toolOutputHas(callOf(calls, 0), [contains(LINK)]),
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
      grade: toolOutputHas(callOf(calls, 1), [contains('structured-7d2')]),
    },
    {
      id: 'structured-content-used-beside-image',
      guarantees: ['RESULT-1'],
      expected: 'a result of an image (not text) and structuredContent gives the model that content',
      provenBy: ['drop-structured-content', 'result-media-counts-as-text'],
      grade: toolOutputHas(callOf(calls, 2), [contains('structured-beside-image-3c1')]),
    },
  ],
});
