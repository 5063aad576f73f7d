// TELEMETRY-1/2: two calls of docs/search (approved, then denied) leave one record each with
// server, original tool name, offered name, status and latency, and the records hold none of
// the argument values, the result text or the server's credential.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { telemetryLacks, telemetryLacksCredentials, telemetryRecordFields, telemetryRecordPerCall } from '../harness/scenario/checks-policy-telemetry.js';

const ARGUMENT = 'arg-canary-5d1f0c';
const RESULT = 'result-canary-9e27ab';
const search = { server: 'docs', tool: 'search', arguments: { query: ARGUMENT } };

export default defineScenario({
  title: 'Each call leaves one telemetry record naming it, and nothing of its content',
  servers: {
    docs: {
      transport: 'http',
      headers: { Authorization: 'Bearer {canary}' },
      behaviour: { tools: [{ name: 'search', outcome: { kind: 'content', content: [{ type: 'text', text: `found: ${RESULT}` }] } }] },
    },
  },
  model: [{ calls: [search] }, { calls: [search] }, { message: 'Done.' }],
  user: [{ send: 'Search twice.' }, { approval: 'approve' }, { approval: 'deny' }, { end: 'eof' }],
  checks: [
    {
      id: 'one-record-per-call',
      guarantees: ['TELEMETRY-1'],
      expected: 'the telemetry holds exactly one record for each of the 2 calls',
      provenBy: ['no-telemetry'],
      grade: telemetryRecordPerCall(),
    },
    {
      id: 'records-name-the-call',
      guarantees: ['TELEMETRY-1'],
      expected: 'each record has server "docs", tool "search", the offered name the model called, the status the model got and a latency in ms',
      provenBy: ['no-telemetry', 'telemetry-missing-fields'],
      grade: telemetryRecordFields('docs', 'search'),
    },
    {
      id: 'no-argument-values',
      guarantees: ['TELEMETRY-2'],
      expected: 'the argument value never appears in the telemetry',
      provenBy: ['telemetry-logs-arguments'],
      grade: telemetryLacks('argument values', () => [ARGUMENT]),
    },
    {
      id: 'no-result-text',
      guarantees: ['TELEMETRY-2'],
      expected: 'the result text never appears in the telemetry',
      provenBy: ['telemetry-logs-results'],
      grade: telemetryLacks('result text', () => [RESULT]),
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
