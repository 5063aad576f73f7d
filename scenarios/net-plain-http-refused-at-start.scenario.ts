// NET-1, NET-4: servers written into the configuration with plain http to a non-loopback
// host (a name, and the IP literal 0.0.0.0 that Linux routes to the trap) are refused at
// start: reported unavailable, nothing contacted; the https rule is named. Near misses too:
// names that only start like localhost or 127.x, and private (not loopback) addresses.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { canaryAbsentEverywhere, reportedUnavailable, trapUntouched } from '../harness/scenario/check-helpers.js';

export default defineScenario({
  title: 'Plain http to non-loopback hosts is refused at start: unavailable, nothing contacted',
  servers: {
    named: { raw: { url: 'http://example.invalid/mcp', headers: { Authorization: 'Bearer {canary}' } } },
    literal: { raw: { url: 'http://0.0.0.0:{trapPort}/trap', headers: { Authorization: 'Bearer {canary}' } } },
    'localhost-prefix': { raw: { url: 'http://localhost.example.invalid/mcp' } },
    'loopback-prefix': { raw: { url: 'http://127.0.0.1.example.invalid/mcp' } },
    'private-10': { raw: { url: 'http://10.255.255.1/mcp' } },
    'private-192': { raw: { url: 'http://192.168.255.1/mcp' } },
    local: { transport: 'http', behaviour: { tools: [{ name: 'search' }] } },
  },
  model: [{ message: 'Hello.' }],
  user: [{ send: 'Hi' }, { end: 'eof' }],
  checks: [
    { id: 'named-host-refused', guarantees: ['NET-1'], expected: 'http://example.invalid is reported unavailable, naming the https rule', provenBy: ['allow-plain-http'], needs: ['server-status'], grade: reportedUnavailable('named', [/https/i]) },
    { id: 'ip-literal-refused', guarantees: ['NET-1'], expected: 'http://0.0.0.0:PORT is reported unavailable, naming the https rule', provenBy: ['allow-plain-http'], needs: ['server-status'], grade: reportedUnavailable('literal', [/https/i]) },
    { id: 'localhost-prefix-refused', guarantees: ['NET-1'], expected: 'http://localhost.example.invalid (a name that only starts with "localhost") is reported unavailable, naming the https rule', provenBy: ['allow-plain-http', 'net-localhost-prefix'], needs: ['server-status'], grade: reportedUnavailable('localhost-prefix', [/https/i]) },
    { id: 'loopback-prefix-refused', guarantees: ['NET-1'], expected: 'http://127.0.0.1.example.invalid (a name that only starts with "127.") is reported unavailable, naming the https rule', provenBy: ['allow-plain-http', 'net-loopback-prefix-127'], needs: ['server-status'], grade: reportedUnavailable('loopback-prefix', [/https/i]) },
    { id: 'private-10-refused', guarantees: ['NET-1'], expected: 'http://10.255.255.1 (a private address, not loopback) is reported unavailable, naming the https rule', provenBy: ['allow-plain-http', 'net-private-ranges-allowed'], needs: ['server-status'], grade: reportedUnavailable('private-10', [/https/i]) },
    { id: 'private-192-refused', guarantees: ['NET-1'], expected: 'http://192.168.255.1 (a private address, not loopback) is reported unavailable, naming the https rule', provenBy: ['allow-plain-http', 'net-private-ranges-allowed'], needs: ['server-status'], grade: reportedUnavailable('private-192', [/https/i]) },
    { id: 'nothing-contacted', guarantees: ['NET-1', 'NET-4'], expected: 'nothing reaches the trap behind http://0.0.0.0', provenBy: ['allow-plain-http'], grade: trapUntouched() },
    { id: 'headers-not-sent', guarantees: ['NET-1', 'CRED-2'], expected: "the refused servers' bearer canaries are sent nowhere", provenBy: ['allow-plain-http'], grade: canaryAbsentEverywhere('server "literal"') },
  ],
});
