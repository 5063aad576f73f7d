// NET-2 for every member of the family: one server per redirect code (301, 302, 303, 307, 308)
// answers every request with a same-origin redirect, one server redirects only its
// tools/call, by 308, to the trap, and one (2025-11-25, which has sessions) redirects only
// its GET event stream and its session DELETE, by 307: the request kinds after the opening.
// None is followed: no redirect target receives anything, the bearer least of all.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { onLegacyRevision, serverGotNoRequestOn, trapUntouched } from '../harness/scenario/check-helpers.js';
import { canaryKeptFrom, methodRedirectsNotFollowed, PLACES } from '../harness/scenario/checks-credentials-network.js';

const CODES = [301, 302, 303, 307, 308] as const;
const redirecting = (status: number) => ({
  transport: 'http' as const,
  headers: { Authorization: 'Bearer {canary}' },
  behaviour: { tools: [{ name: `search${status}` }], stages: { connect: { kind: 'redirect' as const, status, location: `/moved-${status}` } } },
});

export default defineScenario({
  title: 'Redirects of every 3xx code, at connect and at a call, are never followed',
  servers: {
    ...Object.fromEntries(CODES.map((c) => [`r${c}`, redirecting(c)])),
    atcall: {
      transport: 'http',
      headers: { Authorization: 'Bearer {canary}' },
      behaviour: (ctx) => ({ tools: [{ name: 'lookup', outcome: { kind: 'redirect', status: 308, location: ctx.trapUrl } }] }),
    },
    stream: {
      transport: 'http',
      headers: { Authorization: 'Bearer {canary}' },
      behaviour: {
        protocol: '2025-11-25',
        tools: [{ name: 'browse' }],
        http: { redirectMethods: { methods: ['GET', 'DELETE'], status: 307, location: '/moved-stream' } },
      },
    },
  },
  model: [{ calls: [{ server: 'atcall', tool: 'lookup', arguments: { q: 'x' } }] }, { message: 'Done.' }],
  host: { callTimeoutMs: 3000 },
  user: [{ send: 'Look it up.' }, { approval: 'approve' }, { end: 'eof' }],
  checks: [
    ...CODES.map((c) => ({
      id: `redirect-${c}-not-followed`,
      guarantees: ['NET-2'],
      expected: `no request reaches /moved-${c}, the target of server r${c}'s ${c} redirect`,
      provenBy: ['follow-redirects', ...(c === 308 ? ['follow-308'] : c === 303 ? ['follow-303'] : [])],
      grade: serverGotNoRequestOn(`r${c}`, `/moved-${c}`),
    })),
    {
      id: 'stream-and-delete-redirects-not-followed',
      guarantees: ['NET-2'],
      expected: "no request reaches /moved-stream, the target of server stream's 307 answers to its GET event stream and its session DELETE",
      provenBy: ['follow-redirects', 'net-follow-get-stream'],
      grade: onLegacyRevision('stream', 'GET event stream or session to delete', methodRedirectsNotFollowed('stream', ['GET', 'DELETE'], '/moved-stream')),
    },
    {
      id: 'call-redirect-not-followed',
      guarantees: ['NET-2', 'NET-4'],
      expected: 'the 308 answer to a tools/call, pointing at another origin (the trap), is not followed: the trap gets nothing',
      provenBy: ['follow-redirects', 'follow-308'],
      grade: trapUntouched(),
    },
    {
      id: 'bearer-never-at-the-trap',
      guarantees: ['NET-2', 'CRED-2'],
      expected: 'no bearer canary reaches the trap (a fetch that follows by itself drops it across origins; a host that re-sends does not)',
      provenBy: ['follow-308'],
      grade: canaryKeptFrom(PLACES.trap, 'header Authorization'),
    },
  ],
});
