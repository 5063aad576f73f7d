// NET-2, CRED-2: the server answers every request with a same-origin 307 redirect; the host
// must not follow it, so the redirect target never sees a request (nor the bearer canary).
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { canaryAbsentEverywhere, serverGotNoRequestOn } from '../harness/scenario/check-helpers.js';

const TARGET = '/moved';

export default defineScenario({
  title: 'A same-origin 307 redirect is refused and the bearer stays put',
  servers: {
    docs: {
      transport: 'http',
      headers: { Authorization: 'Bearer {canary}' },
      behaviour: { tools: [{ name: 'search' }], stages: { connect: { kind: 'redirect', status: 307, location: TARGET } } },
    },
  },
  model: [{ message: 'Hello.' }],
  user: [{ send: 'Hi' }, { end: 'eof' }],
  checks: [
    {
      id: 'redirect-target-gets-nothing',
      guarantees: ['NET-2'],
      expected: `no request reaches ${TARGET}, the redirect's target`,
      provenBy: ['follow-redirects'],
      grade: serverGotNoRequestOn('docs', TARGET),
    },
    {
      id: 'bearer-only-at-its-server',
      guarantees: ['CRED-2', 'CRED-3'],
      expected: 'the bearer canary appears only in requests to its own server and in the configuration file',
      provenBy: ['leak-credentials-to-model'],
      grade: canaryAbsentEverywhere('header Authorization'),
    },
  ],
});
