// RESOURCE-3: resources read with approval, each a member of the mapping's families. A text
// resource (reaching the model only as the read's output: INJECT-1), a binary one and one of
// ~70 KB (cut to 64 KiB); one answered with several contents under one URI (first text, a
// text/plain blob, a JSON text, last text: every text kept, the blob omitted in both its forms);
// ~80 KB of two-byte characters (40 000 characters: the cap is in bytes); two contents of ~40 KB
// each (the cap is on the whole read, not each content). A last read is answered over the 1 MiB
// message limit, so it ends unknown: a read arms the unknown-outcome confirmation like a tool
// call (UNKNOWN-2), and the user's next message, declined there, is never sent.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { contentCapped, resourceRead, textKeptBlobOmitted } from '../harness/scenario/checks-resources-prompts.js';
import { callOf } from '../harness/scenario/call-of.js';
import { ifBuiltinOffered, onlyAsToolData } from '../harness/scenario/checks-exposure-limits.js';
import { messageNeverSent, unknownGateShownAfter } from '../harness/scenario/checks-approval-results.js';

const TEXT = 'resource text body 8c1f';
const BLOB = Buffer.from(`BLOB-CANARY-${'0123456789abcdef'.repeat(8)}`).toString('base64');
const BIG_START = 'BIG-RESOURCE-START';
const FIRST = 'first-content-3d9a';
const MIDDLE = 'json-content-71be';
const LAST = 'last-content-c05e';
const TEXT_BLOB = Buffer.from(`TEXT-BLOB-CANARY-${'fedcba9876543210'.repeat(8)}`).toString('base64');
const WIDE_START = 'WIDE-RESOURCE-START';
const HALVES_START = 'HALVES-RESOURCE-START';
const read = (uri: string) => resourceRead('docs', uri);
/** Why the checks of other guarantees that need a resource read do not apply to a host without resource reads (RESOURCE is optional). */
const NO_READS = 'so no resource is read for this check to observe (RESOURCE is optional)';
/** The host may read them in any order: each output is found by the read it answers (its URI). */
const calls = [
  read('notes://text'),
  read('notes://logo'),
  read('notes://big'),
  read('notes://parts'),
  read('notes://wide'),
  read('notes://halves'),
  read('notes://huge'),
];
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
          {
            uri: 'notes://parts',
            name: 'parts',
            contents: [
              { mimeType: 'text/plain', text: FIRST },
              { mimeType: 'text/plain', blob: TEXT_BLOB },
              { mimeType: 'application/json', text: JSON.stringify({ middle: MIDDLE }) },
              { text: LAST },
            ],
          },
          { uri: 'notes://wide', name: 'wide', mimeType: 'text/plain', text: `${WIDE_START}\n${'é'.repeat(40_000)}` },
          {
            uri: 'notes://halves',
            name: 'halves',
            contents: [
              { uri: 'notes://halves#1', mimeType: 'text/plain', text: `${HALVES_START}\n${'y'.repeat(40_000)}` },
              { uri: 'notes://halves#2', mimeType: 'text/plain', text: 'z'.repeat(40_000) },
            ],
          },
          { uri: 'notes://huge', name: 'huge', mimeType: 'text/plain', textBytes: 1_200_000 },
        ],
      },
    },
  },
  model: [{ calls }, { message: 'Done.' }, { message: 'Spare answer.' }],
  user: [{ send: 'Read all seven.' }, ...calls.map(() => ({ approval: 'approve' as const })), { send: AFTER_READ }, { unknownGate: 'deny' }, { end: 'eof' }],
  checks: [
    {
      id: 'text-kept-blob-omitted',
      guarantees: ['RESOURCE-3'],
      expected: "the text reaches the model; no part of the blob's base64 does",
      provenBy: ['resource-blob-kept'],
      grade: textKeptBlobOmitted(callOf(calls, 0), [TEXT], callOf(calls, 1), BLOB),
    },
    {
      id: 'every-content-kept-blob-omitted',
      guarantees: ['RESOURCE-3'],
      expected:
        'of a read answered with several contents, the first, the JSON and the last text reach the model; the text/plain blob does not, as base64 or decoded',
      provenBy: ['resource-first-content-only'],
      grade: textKeptBlobOmitted(callOf(calls, 3), [FIRST, MIDDLE, LAST], callOf(calls, 3), TEXT_BLOB),
    },
    {
      id: 'text-only-as-tool-data',
      guarantees: ['INJECT-1'],
      expected: 'the text of the resource reaches the model only inside the output of its read, never as a message of its own',
      provenBy: ['inject-resource-echoed-as-user'],
      grade: ifBuiltinOffered('read_mcp_resource', onlyAsToolData(TEXT), NO_READS),
    },
    {
      id: 'asked-after-unknown-read',
      guarantees: ['UNKNOWN-2'],
      expected: 'the read answered over the message limit ends unknown, so the next user message waits for the unknown-outcome confirmation',
      provenBy: ['unknown-gate-not-armed-by-reads'],
      grade: ifBuiltinOffered('read_mcp_resource', unknownGateShownAfter(callOf(calls, 6), 1), NO_READS),
    },
    {
      id: 'message-after-unknown-read-held',
      guarantees: ['UNKNOWN-2'],
      expected: 'the message typed after the unknown read, declined at the confirmation, never reaches the model',
      provenBy: ['unknown-gate-not-armed-by-reads'],
      grade: ifBuiltinOffered('read_mcp_resource', messageNeverSent(AFTER_READ, calls.length + 2), NO_READS),
    },
    {
      id: 'large-contents-capped',
      guarantees: ['RESOURCE-3'],
      expected: 'the ~70 KB resource reaches the model as output_limit, within 64 KiB, its start kept',
      provenBy: ['resource-no-cap'],
      grade: contentCapped(callOf(calls, 2), BIG_START),
    },
    {
      id: 'cap-counts-bytes',
      guarantees: ['RESOURCE-3'],
      expected: 'the 40 000 two-byte characters (~80 KB) reach the model as output_limit, within 64 KiB, its start kept',
      provenBy: ['resource-no-cap'],
      grade: contentCapped(callOf(calls, 4), WIDE_START),
    },
    {
      id: 'cap-covers-all-contents',
      guarantees: ['RESOURCE-3'],
      expected: "two contents of ~40 KB each reach the model as one output_limit, within 64 KiB, the first one's start kept",
      provenBy: ['resource-no-cap'],
      grade: contentCapped(callOf(calls, 5), HALVES_START),
    },
  ],
});
