// RESULT-6, NET-3 at the bound, on Streamable HTTP (a JSON body with its Content-Length, the
// same body chunked with no length, an SSE response) and on stdio (one line): an answer whose
// JSON-RPC message is exactly 1 MiB is accepted (its text is then over 64 KiB: output_limit);
// one byte more is over the message limit: unknown, however the body arrives.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { modelSawStatuses } from '../harness/scenario/check-helpers.js';
import { callOf, type AskedCall } from '../harness/scenario/call-of.js';

const MESSAGE = 1024 * 1024;
const sized = (bytes: number) => ({ kind: 'sized' as const, bytes, fill: 'utf8-2' as const });
const tools = [
  { name: 'atbound', outcome: { ...sized(MESSAGE), declared: true, framing: 'json' as const } },
  { name: 'over', outcome: { ...sized(MESSAGE + 1), declared: true, framing: 'json' as const } },
  // No Content-Length: the cap must count what streams in, across every chunk.
  { name: 'chunkedatbound', outcome: { ...sized(MESSAGE), declared: false, framing: 'json' as const } },
  { name: 'chunkedover', outcome: { ...sized(MESSAGE + 1), declared: false, framing: 'json' as const } },
  { name: 'streamedover', outcome: { ...sized(MESSAGE + 1), declared: false, framing: 'sse' as const } },
];
const call = (server: string, tool: string): AskedCall => ({ server, tool, arguments: {} });
/** The host may run the seven calls in any order: each output is found by the call it answers. */
const calls = [
  call('web', 'atbound'),
  call('web', 'over'),
  call('local', 'atbound'),
  call('local', 'over'),
  call('web', 'chunkedatbound'),
  call('web', 'chunkedover'),
  call('web', 'streamedover'),
];
const of = (...indexes: number[]) => indexes.map((i) => callOf(calls, i));

export default defineScenario({
  title: 'An answer of exactly 1 MiB is accepted; one byte more is unknown, over HTTP (with or without a length) and stdio',
  servers: {
    web: { transport: 'http', behaviour: { tools } },
    local: {
      transport: 'stdio',
      behaviour: {
        tools: [
          { name: 'atbound', outcome: sized(MESSAGE) },
          { name: 'over', outcome: sized(MESSAGE + 1) },
        ],
      },
    },
  },
  model: [{ calls }, { message: 'Done.' }],
  host: { callTimeoutMs: 8000 },
  user: [{ send: 'Get all seven.' }, ...Array.from({ length: 7 }, () => ({ approval: 'approve' as const })), { end: 'eof' }],
  timeoutMs: 60_000,
  checks: [
    {
      id: 'http-at-bound-accepted-past-unknown',
      guarantees: ['RESULT-6', 'NET-3'],
      expected: 'over HTTP the 1 MiB answer is accepted (output_limit: its text is over 64 KiB) and the 1 MiB + 1 byte answer is unknown',
      provenBy: ['net-cap-1mb-decimal', 'net-cap-off-by-one'],
      grade: modelSawStatuses(['output_limit', 'unknown'], { of: of(0, 1) }),
    },
    {
      id: 'stdio-at-bound-accepted-past-unknown',
      guarantees: ['RESULT-6', 'NET-3'],
      expected: 'over stdio the same: the 1 MiB line is accepted (output_limit), one byte more is unknown',
      provenBy: ['net-stdio-cap-16mib'],
      grade: modelSawStatuses(['output_limit', 'unknown'], { of: of(2, 3) }),
    },
    {
      id: 'http-undeclared-at-bound-accepted-past-unknown',
      guarantees: ['RESULT-6', 'NET-3'],
      expected: 'over HTTP without a Content-Length the 1 MiB body is accepted (output_limit), and one byte more is unknown, chunked or as an SSE response',
      provenBy: ['net-cap-declared-only', 'net-cap-per-chunk'],
      grade: modelSawStatuses(['output_limit', 'unknown', 'unknown'], { of: of(4, 5, 6) }),
    },
  ],
});
