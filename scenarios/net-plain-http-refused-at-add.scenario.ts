// NET-1: adding a server with plain http to a non-loopback IP literal is refused by the
// host's own add command, also when the scheme is spelled in capitals (HTTP://, which URL
// parsers lower-case: a rule that compares the text as typed lets it through); the
// configuration is unchanged and nothing is contacted, also by the next chat start. The add runs once the first chat has read its configuration (after
// its prompt), and a restart reads it again, so the order never depends on timing.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { canaryAbsentEverywhere, trapUntouched } from '../harness/scenario/check-helpers.js';
import { addOutcome, configHoldsOnly } from '../harness/scenario/checks-credentials-network.js';

export default defineScenario({
  title: 'Adding a plain-http non-loopback server is refused and leaves the configuration unchanged',
  needs: ['add-command'],
  servers: {
    local: { transport: 'http', headers: { 'X-Api-Key': '{canary}' }, behaviour: { tools: [{ name: 'search' }] } },
    plain: { raw: { url: 'http://0.0.0.0:{trapPort}/trap', headers: { Authorization: 'Bearer {canary}' } }, added: true },
    upper: { raw: { url: 'HTTP://0.0.0.0:{trapPort}/trap', headers: { Authorization: 'Bearer {canary}' } }, added: true },
  },
  model: [{ message: 'Hello.' }, { message: 'Hello again.' }],
  user: [{ send: 'Hi' }, { add: 'plain' }, { add: 'upper' }, { end: 'eof' }, { restart: { resume: false } }, { send: 'Hi again' }, { end: 'eof' }],
  checks: [
    {
      id: 'add-refused',
      guarantees: ['NET-1'],
      expected: 'the add command refuses the URL (non-zero exit)',
      provenBy: ['allow-plain-http'],
      grade: addOutcome('plain', false),
    },
    {
      id: 'upper-case-add-refused',
      guarantees: ['NET-1'],
      expected: 'the add command refuses HTTP://0.0.0.0 (the scheme in capitals; non-zero exit)',
      provenBy: ['allow-plain-http', 'net-add-scheme-case-sensitive'],
      grade: addOutcome('upper', false),
    },
    {
      id: 'config-unchanged',
      guarantees: ['NET-1'],
      expected: 'the configuration still holds only the server configured before',
      provenBy: ['allow-plain-http'],
      grade: configHoldsOnly(['local']),
    },
    {
      id: 'value-not-stored',
      guarantees: ['NET-1', 'CRED-3'],
      expected: "the refused server's typed bearer is stored and shown nowhere",
      provenBy: ['allow-plain-http'],
      grade: canaryAbsentEverywhere('server "plain"'),
    },
    {
      id: 'upper-case-value-not-stored',
      guarantees: ['NET-1', 'CRED-3'],
      expected: 'the bearer typed for the refused HTTP:// server is stored and shown nowhere',
      provenBy: ['allow-plain-http'],
      grade: canaryAbsentEverywhere('server "upper"'),
    },
    {
      id: 'nothing-contacted',
      guarantees: ['NET-1', 'NET-4'],
      expected: 'nothing reaches the trap behind http://0.0.0.0',
      provenBy: ['allow-plain-http'],
      grade: trapUntouched(),
    },
  ],
});
