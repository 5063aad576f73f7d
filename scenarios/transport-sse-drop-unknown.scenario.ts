// TRANSPORT-2 with UNKNOWN-1: the legacy SSE event stream carrying the answer drops after the
// call was sent. The model is told unknown and the event stream is not reopened behind the
// user's back (a transport-level retry into a new session). Resending over the dropped link
// is UNKNOWN-1's Streamable HTTP scenarios' business (result-drop-unknown).
// The checks cite TRANSPORT-2 alone ("the same guarantees over SSE"), so a host that declares
// SSE absent gets UNSUPPORTED; UNKNOWN-1 itself is checked over Streamable HTTP elsewhere.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { modelSawStatus } from '../harness/scenario/check-helpers.js';
import { sseStreamOpenedOnce } from '../harness/scenario/checks-inject-transport.js';

export default defineScenario({
  title: 'A dropped SSE event stream leaves the call unknown and is not reopened',
  servers: { docs: { transport: 'sse', behaviour: { tools: [{ name: 'fragile', outcomes: [{ kind: 'crash' }] }] } } },
  model: [{ calls: [{ server: 'docs', tool: 'fragile', arguments: {} }] }, { message: 'It may have run.' }],
  // Longer than an EventSource's default 3 s retry, so a host that lets it reconnect does so in the run.
  host: { callTimeoutMs: 6000 },
  user: [{ send: 'Run it.' }, { approval: 'approve' }, { end: 'eof' }],
  checks: [
    {
      id: 'model-told-unknown',
      guarantees: ['TRANSPORT-2'],
      expected: 'after the SSE stream dropped the model receives status unknown',
      provenBy: ['unknown-as-failed'],
      grade: modelSawStatus(0, 'unknown'),
    },
    {
      id: 'stream-not-reopened',
      guarantees: ['TRANSPORT-2'],
      expected: 'the host opens the SSE event stream once: no transport-level reconnect after the drop',
      provenBy: ['transport-sse-reconnects'],
      grade: sseStreamOpenedOnce('docs'),
    },
  ],
});
