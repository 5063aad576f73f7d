// TRANSPORT-2 with NET-2: the SSE event stream is answered by a same-origin 307 redirect;
// the host must not follow it, exactly as for Streamable HTTP.
// The checks cite TRANSPORT-2 alone ("the same guarantees over SSE"), so a host that declares
// SSE absent gets UNSUPPORTED; the MUSTs themselves are checked over Streamable HTTP elsewhere.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { serverGotNoRequestOn } from '../harness/scenario/check-helpers.js';

const TARGET = '/moved';

export default defineScenario({
  title: 'A redirect of the SSE event stream is refused',
  servers: {
    docs: { transport: 'sse', behaviour: { tools: [{ name: 'search' }], stages: { connect: { kind: 'redirect', status: 307, location: TARGET } } } },
  },
  model: [{ message: 'Hello.' }],
  user: [{ end: 'eof' }],
  checks: [
    {
      id: 'redirect-target-gets-nothing',
      guarantees: ['TRANSPORT-2'],
      expected: `no request reaches ${TARGET}, the redirect's target`,
      provenBy: ['sse-unguarded-fetch'],
      grade: serverGotNoRequestOn('docs', TARGET),
    },
  ],
});
