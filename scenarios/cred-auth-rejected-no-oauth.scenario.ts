// CRED-5, CRED-6: one server answers 401 (its challenge names OAuth metadata at the trap),
// another 403, a legacy SSE server 401 on its event stream. Each status says OAuth is not supported and suggests a static header, without
// echoing the value; no OAuth metadata, authorization or token request is ever made.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { trapUntouched } from '../harness/scenario/check-helpers.js';
import { reportedUnavailable } from '../harness/scenario/check-helpers.js';
import { canaryKeptFrom, noOAuthRequests, PLACES } from '../harness/scenario/checks-credentials-network.js';

const OAUTH_ADVICE = [/OAuth[^\n]*not supported/i, /static header|API key/i];

export default defineScenario({
  title: '401 and 403 give the OAuth-not-supported status without the value, and no OAuth flow starts',
  servers: {
    docs: {
      transport: 'http',
      headers: { Authorization: 'Bearer {canary}' },
      behaviour: (ctx) => ({
        tools: [{ name: 'search' }],
        stages: {
          connect: {
            kind: 'auth',
            status: 401,
            wwwAuthenticate: `Bearer realm="docs", resource_metadata="${ctx.trapOrigin}/.well-known/oauth-protected-resource"`,
          },
        },
      }),
    },
    wiki: {
      transport: 'http',
      headers: { 'X-Api-Key': '{canary}' },
      behaviour: { tools: [{ name: 'page' }], stages: { connect: { kind: 'auth', status: 403 } } },
    },
    legacy: {
      transport: 'sse',
      headers: { 'X-Api-Key': '{canary}' },
      behaviour: { tools: [{ name: 'find' }], stages: { connect: { kind: 'auth', status: 401 } } },
    },
  },
  model: [{ message: 'Hello.' }],
  user: [{ send: 'Hi' }, { end: 'eof' }],
  checks: [
    {
      id: 'status-401-says-no-oauth',
      guarantees: ['CRED-5'],
      expected: 'the 401 server is unavailable; the status says OAuth is not supported and suggests a static header such as an API key',
      provenBy: ['no-oauth-hint'],
      needs: ['server-status'],
      grade: reportedUnavailable('docs', [...OAUTH_ADVICE, /401/]),
    },
    {
      id: 'status-403-says-no-oauth',
      guarantees: ['CRED-5'],
      expected: 'the 403 server is unavailable with the same advice',
      provenBy: ['no-oauth-hint'],
      needs: ['server-status'],
      grade: reportedUnavailable('wiki', [...OAUTH_ADVICE, /403/]),
    },
    {
      id: 'status-sse-401-says-no-oauth',
      guarantees: ['CRED-5'],
      expected: 'the legacy SSE server answering 401 is unavailable with the same advice',
      provenBy: ['no-oauth-hint', 'cred-sse-auth-not-mapped'],
      needs: ['server-status'],
      grade: reportedUnavailable('legacy', [...OAUTH_ADVICE, /401/]),
    },
    {
      id: 'value-not-echoed',
      guarantees: ['CRED-5', 'CRED-3'],
      expected: 'the rejected credential values appear nowhere on screen',
      provenBy: ['show-credential-in-status'],
      grade: canaryKeptFrom(PLACES.screen, 'server "'),
    },
    {
      id: 'no-oauth-requests',
      guarantees: ['CRED-6'],
      expected: 'no /.well-known/oauth-*, authorization or token request reaches the servers',
      provenBy: ['oauth-discovery-on-401', 'ka-genai-gemini-oauth-on-401'],
      grade: noOAuthRequests(['docs', 'wiki', 'legacy']),
    },
    {
      id: 'no-metadata-fetch',
      guarantees: ['CRED-6', 'NET-4'],
      expected: "the resource_metadata URL of the 401's challenge (the trap) is never fetched",
      provenBy: ['oauth-discovery-on-401', 'ka-genai-gemini-oauth-on-401'],
      grade: trapUntouched(),
    },
  ],
});
