// NET-1, NET-4: servers written into the configuration with plain http to a non-loopback
// host (a name, and the IP literal 0.0.0.0 that Linux routes to the trap) are refused at
// start: reported unavailable, nothing contacted; the https rule is named. Near misses too:
// names that only start like localhost or 127.x, and private (not loopback) addresses. Every
// address form: a mixed-case scheme, a name that matches 127.x.x.x only with the dots taken as
// any character, a non-loopback IPv6 literal ending in ::1, a non-loopback IPv4 address in
// decimal and hex forms, and a scheme that is neither http nor https (its reason may name the
// scheme refused instead of the https rule). All are refused before
// anything is sent, so they add no time.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { canaryAbsentEverywhere, reportedUnavailable, trapUntouched } from '../harness/scenario/check-helpers.js';

/** Address forms a loose rule lets through; the mutants that do are the checks' proofs beyond allow-plain-http. */
const FORMS: readonly { server: string; url: string; what: string; provenBy: string[]; reason?: RegExp }[] = [
  { server: 'upper-scheme', url: 'HTTP://EXAMPLE.INVALID/mcp', what: 'a mixed-case scheme and host', provenBy: [] },
  {
    server: 'dots-as-any',
    url: 'http://127x0x0x1/mcp',
    what: 'a name that matches 127.x.x.x only if "." means any character',
    provenBy: ['net-loopback-regex-unescaped-dots'],
  },
  { server: 'ipv6-global', url: 'http://[2001:db8::1]/mcp', what: 'an IPv6 literal ending in ::1 that is not ::1', provenBy: ['net-ipv6-loopback-suffix'] },
  { server: 'decimal-private', url: 'http://167772161/mcp', what: '10.0.0.1 written as one decimal number', provenBy: [] },
  { server: 'hex-private', url: 'http://0xc0.0xa8.0.1/mcp', what: '192.168.0.1 written in hex', provenBy: [] },
  {
    server: 'ws-url',
    url: 'ws://example.invalid/mcp',
    what: 'a scheme that is neither http nor https',
    provenBy: ['net-only-http-scheme-checked'],
    reason: /https|scheme|not supported|unsupported/i,
  },
];

export default defineScenario({
  title: 'Plain http to non-loopback hosts is refused at start: unavailable, nothing contacted',
  servers: {
    named: { raw: { url: 'http://example.invalid/mcp', headers: { Authorization: 'Bearer {canary}' } } },
    literal: { raw: { url: 'http://0.0.0.0:{trapPort}/trap', headers: { Authorization: 'Bearer {canary}' } } },
    'localhost-prefix': { raw: { url: 'http://localhost.example.invalid/mcp' } },
    'loopback-prefix': { raw: { url: 'http://127.0.0.1.example.invalid/mcp' } },
    'private-10': { raw: { url: 'http://10.255.255.1/mcp' } },
    'private-192': { raw: { url: 'http://192.168.255.1/mcp' } },
    ...Object.fromEntries(FORMS.map((f) => [f.server, { raw: { url: f.url } }])),
    local: { transport: 'http', behaviour: { tools: [{ name: 'search' }] } },
  },
  model: [{ message: 'Hello.' }],
  user: [{ send: 'Hi' }, { end: 'eof' }],
  checks: [
    {
      id: 'named-host-refused',
      guarantees: ['NET-1'],
      expected: 'http://example.invalid is reported unavailable, naming the https rule',
      provenBy: ['allow-plain-http'],
      needs: ['server-status'],
      grade: reportedUnavailable('named', [/https/i]),
    },
    {
      id: 'ip-literal-refused',
      guarantees: ['NET-1'],
      expected: 'http://0.0.0.0:PORT is reported unavailable, naming the https rule',
      provenBy: ['allow-plain-http'],
      needs: ['server-status'],
      grade: reportedUnavailable('literal', [/https/i]),
    },
    {
      id: 'localhost-prefix-refused',
      guarantees: ['NET-1'],
      expected: 'http://localhost.example.invalid (a name that only starts with "localhost") is reported unavailable, naming the https rule',
      provenBy: ['allow-plain-http', 'net-localhost-prefix'],
      needs: ['server-status'],
      grade: reportedUnavailable('localhost-prefix', [/https/i]),
    },
    {
      id: 'loopback-prefix-refused',
      guarantees: ['NET-1'],
      expected: 'http://127.0.0.1.example.invalid (a name that only starts with "127.") is reported unavailable, naming the https rule',
      provenBy: ['allow-plain-http', 'net-loopback-prefix-127'],
      needs: ['server-status'],
      grade: reportedUnavailable('loopback-prefix', [/https/i]),
    },
    {
      id: 'private-10-refused',
      guarantees: ['NET-1'],
      expected: 'http://10.255.255.1 (a private address, not loopback) is reported unavailable, naming the https rule',
      provenBy: ['allow-plain-http', 'net-private-ranges-allowed'],
      needs: ['server-status'],
      grade: reportedUnavailable('private-10', [/https/i]),
    },
    {
      id: 'private-192-refused',
      guarantees: ['NET-1'],
      expected: 'http://192.168.255.1 (a private address, not loopback) is reported unavailable, naming the https rule',
      provenBy: ['allow-plain-http', 'net-private-ranges-allowed'],
      needs: ['server-status'],
      grade: reportedUnavailable('private-192', [/https/i]),
    },
    ...FORMS.map((f) => ({
      id: `${f.server}-refused`,
      guarantees: ['NET-1'],
      expected: `${f.url} (${f.what}) is reported unavailable, naming ${f.reason === undefined ? 'the https rule' : 'the https rule or the scheme it refuses'}`,
      provenBy: ['allow-plain-http', ...f.provenBy],
      needs: ['server-status' as const],
      grade: reportedUnavailable(f.server, [f.reason ?? /https/i]),
    })),
    {
      id: 'nothing-contacted',
      guarantees: ['NET-1', 'NET-4'],
      expected: 'nothing reaches the trap behind http://0.0.0.0',
      provenBy: ['allow-plain-http'],
      grade: trapUntouched(),
    },
    {
      id: 'headers-not-sent',
      guarantees: ['NET-1', 'CRED-2'],
      expected: "the refused servers' bearer canaries are sent nowhere",
      provenBy: ['allow-plain-http'],
      grade: canaryAbsentEverywhere('server "literal"'),
    },
  ],
});
