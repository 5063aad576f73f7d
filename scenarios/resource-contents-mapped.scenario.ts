// RESOURCE-3: a text resource, a binary one and one of ~70 KB, all read with approval. The
// model gets the text (only as the read's output: INJECT-1), a note instead of the blob, and
// the large one cut to 64 KiB. A fourth read is answered over the 1 MiB message limit, so it
// ends unknown: a read arms the unknown-outcome confirmation like a tool call (UNKNOWN-2), and
// the user's next message, declined there, is never sent.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { contentCapped, resourceRead, textKeptBlobOmitted } from '../harness/scenario/checks-resources-prompts.js';
import { callOf } from '../harness/scenario/call-of.js';
import { onlyAsToolData } from '../harness/scenario/checks-exposure-limits.js';
import { messageNeverSent, unknownGateShownAfter } from '../harness/scenario/checks-approval-results.js';

const TEXT = 'resource text body 8c1f';
const BLOB = Buffer.from(`BLOB-CANARY-${'0123456789abcdef'.repeat(8)}`).toString('base64');
const BIG_START = 'BIG-RESOURCE-START';
const read = (uri: string) => resourceRead('docs', uri);
/** The host may read the three in any order: each output is found by the read it answers (its URI). */
const calls = [read('notes://text'), read('notes://logo'), read('notes://big'), read('notes://huge')];
const AFTER_READ = 'after-oversized-read-5c2';

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
          { uri: 'notes://huge', name: 'huge', mimeType: 'text/plain', textBytes: 1_200_000 },
        ],
      },
    },
  },
  model: [{ calls }, { message: 'Done.' }, { message: 'Spare answer.' }],
  user: [
    { send: 'Read all four.' },
    { approval: 'approve' },
    { approval: 'approve' },
    { approval: 'approve' },
    { approval: 'approve' },
    { send: AFTER_READ },
    { unknownGate: 'deny' },
    { end: 'eof' },
  ],
  checks: [
    {
      id: 'text-kept-blob-omitted',
      guarantees: ['RESOURCE-3'],
      expected: 'the text reaches the model; no part of the blob\'s base64 does',
      provenBy: ['resource-blob-kept'],
      grade: textKeptBlobOmitted(callOf(calls, 0), TEXT, callOf(calls, 1), BLOB),
    },
    {
      id: 'text-only-as-tool-data',
      guarantees: ['INJECT-1'],
      expected: 'the text of the resource reaches the model only inside the output of its read, never as a message of its own',
      provenBy: ['inject-resource-echoed-as-user'],
      grade: onlyAsToolData(TEXT),
    },
    {
      id: 'asked-after-unknown-read',
      guarantees: ['UNKNOWN-2'],
      expected: 'the read answered over the message limit ends unknown, so the next user message waits for the unknown-outcome confirmation',
      provenBy: ['unknown-gate-not-armed-by-reads'],
      grade: unknownGateShownAfter(callOf(calls, 3), 1),
    },
    {
      id: 'message-after-unknown-read-held',
      guarantees: ['UNKNOWN-2'],
      expected: 'the message typed after the unknown read, declined at the confirmation, never reaches the model',
      provenBy: ['unknown-gate-not-armed-by-reads'],
      grade: messageNeverSent(AFTER_READ, 6),
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
