// NET-2, NET-4, CRED-2: the server answers every request with a 307 to the trap (another
// origin); the host must not follow it, so the trap gets nothing, least of all the headers.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { reportedUnavailable, trapUntouched } from '../harness/scenario/check-helpers.js';
import { canaryKeptFrom, PLACES } from '../harness/scenario/checks-credentials-network.js';

export default defineScenario({
  title: 'A cross-origin 307 redirect to the trap is refused: the trap gets nothing, least of all the bearer',
  servers: {
    docs: {
      transport: 'http',
      headers: { Authorization: 'Bearer {canary}', 'X-Api-Key': '{canary}' },
      behaviour: (ctx) => ({ tools: [{ name: 'search' }], stages: { connect: { kind: 'redirect', status: 307, location: ctx.trapUrl } } }),
    },
  },
  model: [{ message: 'Hello.' }],
  user: [{ send: 'Hi' }, { end: 'eof' }],
  checks: [
    {
      id: 'trap-gets-nothing',
      guarantees: ['NET-2', 'NET-4'],
      expected: "no request reaches the redirect's target (the trap, a destination nobody configured)",
      provenBy: ['follow-redirects'],
      grade: trapUntouched(),
    },
    {
      id: 'headers-not-at-the-trap',
      guarantees: ['NET-2', 'CRED-2'],
      expected: 'neither the bearer nor the API key canary reaches the trap',
      provenBy: ['follow-redirects'],
      grade: canaryKeptFrom(PLACES.trap, 'server "docs" header'),
    },
    {
      id: 'server-unavailable',
      guarantees: ['NET-2'],
      // The reason may name the redirect by its status ("HTTP 307"), as the 401 of a refused credential is named.
      expected: 'the redirecting server is reported unavailable because of the redirect (the word, or its status 307)',
      provenBy: ['follow-redirects'],
      needs: ['server-status'],
      grade: reportedUnavailable('docs', [/redirect|\b307\b/i]),
    },
  ],
});
