// NET-1, NET-4: servers written into the configuration with plain http to a non-loopback
// host (a name, and the IP literal 0.0.0.0 that Linux routes to the trap) are refused at
// start: reported unavailable, nothing contacted; the https rule is named.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { canaryAbsentEverywhere, reportedUnavailable, trapUntouched } from '../harness/scenario/check-helpers.js';

export default defineScenario({
  title: 'Plain http to non-loopback hosts is refused at start: unavailable, nothing contacted',
  servers: {
    named: { raw: { url: 'http://example.invalid/mcp', headers: { Authorization: 'Bearer {canary}' } } },
    literal: { raw: { url: 'http://0.0.0.0:{trapPort}/trap', headers: { Authorization: 'Bearer {canary}' } } },
    local: { transport: 'http', behaviour: { tools: [{ name: 'search' }] } },
  },
  model: [{ message: 'Hello.' }],
  user: [{ send: 'Hi' }, { end: 'eof' }],
  checks: [
    { id: 'named-host-refused', guarantees: ['NET-1'], expected: 'http://example.invalid is reported unavailable, naming the https rule', provenBy: ['allow-plain-http'], grade: reportedUnavailable('named', [/https/i]) },
    { id: 'ip-literal-refused', guarantees: ['NET-1'], expected: 'http://0.0.0.0:PORT is reported unavailable, naming the https rule', provenBy: ['allow-plain-http'], grade: reportedUnavailable('literal', [/https/i]) },
    { id: 'nothing-contacted', guarantees: ['NET-1', 'NET-4'], expected: 'nothing reaches the trap behind http://0.0.0.0', provenBy: ['allow-plain-http'], grade: trapUntouched() },
    { id: 'headers-not-sent', guarantees: ['NET-1', 'CRED-2'], expected: "the refused servers' bearer canaries are sent nowhere", provenBy: ['allow-plain-http'], grade: canaryAbsentEverywhere('server "literal"') },
  ],
});
