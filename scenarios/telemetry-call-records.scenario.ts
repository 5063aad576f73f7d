// TELEMETRY-1/2: six calls of docs/search (completed, denied, failed, output_limit, one
// answered a second late, and one whose connection drops: unknown) leave one record each with
// server, original tool name, offered name, the status the model got and the latency in ms
// (at least the second, at most the time the call took from the model's side), and the records
// hold none of the argument values (nor any six-character part of them), the result or error
// text, or the server's credential.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import {
  partsOf,
  telemetryLacks,
  telemetryLacksCredentials,
  telemetryLatencyAtLeast,
  telemetryRecordFields,
  telemetryRecordPerCall,
} from '../harness/scenario/checks-policy-telemetry.js';

const ARGUMENT = 'arg-canary-5d1f0c';
const RESULT = 'result-canary-9e27ab';
const ERROR = 'error-canary-41c7d2';
const SLOW_MS = 1000;
const search = { server: 'docs', tool: 'search', arguments: { query: ARGUMENT } };

export default defineScenario({
  title: 'Each call leaves one telemetry record naming it, and nothing of its content',
  servers: {
    docs: {
      transport: 'http',
      headers: { Authorization: 'Bearer {canary}' },
      behaviour: {
        tools: [
          {
            name: 'search',
            // One per call the server receives (the denied call never reaches it).
            outcomes: [
              { kind: 'content', content: [{ type: 'text', text: `found: ${RESULT}` }] },
              { kind: 'content', isError: true, content: [{ type: 'text', text: `index offline: ${ERROR}` }] },
              { kind: 'sized-text', bytes: 70_000 },
              { kind: 'content', content: [{ type: 'text', text: 'found late' }], delayMs: SLOW_MS },
              { kind: 'crash' },
            ],
          },
        ],
      },
    },
  },
  model: [...Array.from({ length: 6 }, () => ({ calls: [search] })), { message: 'Done.' }],
  user: [
    { send: 'Search six times.' },
    { approval: 'approve' },
    { approval: 'deny' },
    ...Array.from({ length: 4 }, () => ({ approval: 'approve' as const })),
    { end: 'eof' },
  ],
  checks: [
    {
      id: 'one-record-per-call',
      guarantees: ['TELEMETRY-1'],
      expected: 'the telemetry holds exactly one record for each of the 6 calls',
      provenBy: ['no-telemetry', 'telemetry-unknown-not-recorded'],
      grade: telemetryRecordPerCall(),
    },
    {
      id: 'records-name-the-call',
      guarantees: ['TELEMETRY-1'],
      expected:
        'each record has server "docs", tool "search", the offered name the model called, the status the model got (completed, denied, failed, output_limit, completed, unknown) and a latency in ms',
      provenBy: ['no-telemetry', 'telemetry-missing-fields', 'telemetry-status-transport-level', 'telemetry-status-unknown-as-failed'],
      grade: telemetryRecordFields('docs', 'search'),
    },
    {
      id: 'latency-in-milliseconds',
      guarantees: ['TELEMETRY-1'],
      expected: `the record of the call answered ${SLOW_MS} ms late has a latencyMs of at least ${SLOW_MS} and at most the time from the model asking for it to its result`,
      provenBy: ['no-telemetry', 'telemetry-latency-seconds', 'telemetry-latency-microseconds'],
      grade: telemetryLatencyAtLeast(4, SLOW_MS),
    },
    {
      id: 'no-argument-values',
      guarantees: ['TELEMETRY-2'],
      expected: 'neither the argument value nor any six-character part of it appears in the telemetry',
      provenBy: ['telemetry-logs-arguments', 'telemetry-args-preview'],
      grade: telemetryLacks('argument values or parts of them', () => partsOf(ARGUMENT, 6)),
    },
    {
      id: 'no-result-text',
      guarantees: ['TELEMETRY-2'],
      expected: 'neither the result text nor the error text of the failed call appears in the telemetry',
      provenBy: ['telemetry-logs-results', 'telemetry-error-text-recorded'],
      grade: telemetryLacks('result or error text', () => [RESULT, ERROR]),
    },
    {
      id: 'no-credentials',
      guarantees: ['TELEMETRY-2'],
      expected: "the server's credential never appears in the telemetry",
      provenBy: ['telemetry-logs-credentials'],
      grade: telemetryLacksCredentials(),
    },
  ],
});
