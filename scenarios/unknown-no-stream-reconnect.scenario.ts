// UNKNOWN-1, transport-level retries off: the call's crash takes down every connection of the
// Streamable HTTP server, its GET event stream included, while the server stays up. The call
// is unknown and sent once, and the host does not reopen the dropped event stream (a
// transport-level reconnect) before it is told to end.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { noStreamReopenedAfterDrop, unknownOutcomeChecks } from '../harness/scenario/checks-approval-results.js';

export default defineScenario({
  title: 'Every connection dropped mid-call: unknown, sent once, the event stream not reopened',
  // The GET event stream exists only before 2026-07-28.
  protocol: '2025-11-25',
  servers: { docs: { transport: 'http', behaviour: { tools: [{ name: 'fragile', outcomes: [{ kind: 'crash', everyConnection: true }] }] } } },
  model: [{ calls: [{ server: 'docs', tool: 'fragile', arguments: {} }] }, { message: 'It may have run.' }],
  host: { callTimeoutMs: 3000 },
  user: [{ send: 'Run it.' }, { approval: 'approve' }, { end: 'eof' }],
  checks: [
    ...unknownOutcomeChecks('docs', 'RESULT-5', 'every connection dropped', true),
    {
      id: 'event-stream-not-reopened',
      guarantees: ['UNKNOWN-1'],
      expected: 'after the drop the server receives no GET reopening the event stream',
      provenBy: ['unknown-http-reconnects'],
      grade: noStreamReopenedAfterDrop('docs'),
    },
  ],
});
