// NET-3: a tools/list answer over the 1 MiB message cap makes its server unavailable as a
// whole; the server beside it still works. (An oversized call answer: RESULT-6's scenario.)
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { reportedUnavailable } from '../harness/scenario/check-helpers.js';
import { toolOffered } from '../harness/scenario/checks-credentials-network.js';

export default defineScenario({
  title: 'An oversized discovery answer (over 1 MiB) makes the server unavailable; the other one works',
  servers: {
    big: { transport: 'http', behaviour: { tools: [{ name: 'oversized_search' }], stages: { 'tools/list': { kind: 'sized', bytes: 1024 * 1024 + 64 * 1024 } }, http: { jsonResponse: true } } },
    small: { transport: 'http', behaviour: { tools: [{ name: 'lookup' }] } },
  },
  model: [{ message: 'Hello.' }],
  user: [{ send: 'Hi' }, { end: 'eof' }],
  checks: [
    { id: 'oversized-server-unavailable', guarantees: ['NET-3'], expected: 'the server whose tools/list answer exceeds 1 MiB is reported unavailable', provenBy: ['no-body-cap'], needs: ['server-status'], grade: reportedUnavailable('big') },
    { id: 'oversized-tools-not-offered', guarantees: ['NET-3'], expected: "none of the oversized server's tools is offered to the model", provenBy: ['no-body-cap'], grade: toolOffered('big', 'oversized_search', false) },
  ],
});
