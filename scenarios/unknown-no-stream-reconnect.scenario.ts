// UNKNOWN-1, transport-level retries off: the call's crash takes down every connection of the
// Streamable HTTP server, its GET event stream included, while the server stays up. The call
// is unknown and sent once, and the host does not reopen the dropped event stream (a
// transport-level reconnect). The user gives it a defined chance first: before ending, it
// waits for a GET after the drop, up to the step deadline, so a host that reconnects after a
// backoff (1 s in the MCP SDK's transport, 3 s in an EventSource) is seen every time.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { noStreamReopenedAfterDrop, unknownOutcomeChecks } from '../harness/scenario/checks-approval-results.js';

export default defineScenario({
  title: 'Every connection dropped mid-call: unknown, sent once, the event stream not reopened',
  // The GET event stream exists only before 2026-07-28.
  protocol: '2025-11-25',
  servers: { docs: { transport: 'http', behaviour: { tools: [{ name: 'fragile', outcomes: [{ kind: 'crash', everyConnection: true }] }] } } },
  model: [{ calls: [{ server: 'docs', tool: 'fragile', arguments: {} }] }, { message: 'It may have run.' }],
  host: { callTimeoutMs: 3000 },
  user: [
    { send: 'Run it.' },
    { approval: 'approve' },
    { received: { server: 'docs', method: 'GET', afterFault: true }, optional: true, within: 5000 },
    { end: 'eof' },
  ],
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
