// RESOURCE-3: a text resource, a binary one and one of ~70 KB, all read with approval. The
// model gets the text, a note instead of the blob, and the large one cut to 64 KiB.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { contentCapped, resourceRead, textKeptBlobOmitted } from '../harness/scenario/checks-resources-prompts.js';
import { callOf } from '../harness/scenario/call-of.js';

const TEXT = 'resource text body 8c1f';
const BLOB = Buffer.from(`BLOB-CANARY-${'0123456789abcdef'.repeat(8)}`).toString('base64');
const BIG_START = 'BIG-RESOURCE-START';
const read = (uri: string) => resourceRead('docs', uri);
/** The host may read the three in any order: each output is found by the read it answers (its URI). */
const calls = [read('notes://text'), read('notes://logo'), read('notes://big')];

export default defineScenario({
  title: 'Resource contents are mapped like tool results: text kept, blobs omitted, 64 KiB cap',
  servers: {
    docs: {
      transport: 'http',
      behaviour: {
        tools: [{ name: 'search' }],
        resources: [
          { uri: 'notes://text', name: 'text', mimeType: 'text/plain', text: TEXT },
          { uri: 'notes://logo', name: 'logo', mimeType: 'image/png', blob: BLOB },
          { uri: 'notes://big', name: 'big', mimeType: 'text/plain', text: `${BIG_START}\n${'x'.repeat(70_000)}` },
        ],
      },
    },
  },
  model: [{ calls }, { message: 'Done.' }],
  user: [{ send: 'Read all three.' }, { approval: 'approve' }, { approval: 'approve' }, { approval: 'approve' }, { end: 'eof' }],
  checks: [
    {
      id: 'text-kept-blob-omitted',
      guarantees: ['RESOURCE-3'],
      expected: 'the text reaches the model; no part of the blob\'s base64 does',
      provenBy: ['resource-blob-kept'],
      grade: textKeptBlobOmitted(callOf(calls, 0), TEXT, callOf(calls, 1), BLOB),
    },
    {
      id: 'large-contents-capped',
      guarantees: ['RESOURCE-3'],
      expected: 'the ~70 KB resource reaches the model as output_limit, within 64 KiB, its start kept',
      provenBy: ['resource-no-cap'],
      grade: contentCapped(callOf(calls, 2), BIG_START),
    },
  ],
});
