// STDIO-1: arguments full of shell syntax must reach the stdio server exactly as configured,
// which only happens when the host executes the command directly, without a shell.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { stdioArgsLiteral } from '../harness/scenario/checks-stdio-discovery.js';

// $HOME and ~/ are the expansions a host might do by hand without any shell (STDIO-1 says literally).
const SHELL_SYNTAX = ['$(echo injected)', '`id`', 'a;b', 'x|y', '>out.txt', '*', '~', "'quoted'", '$HOME', '${HOME}/x', '~/notes'];

export default defineScenario({
  title: 'Arguments with $(...), ;, |, > and globs reach a stdio server literally',
  servers: { local: { transport: 'stdio', behaviour: { tools: [{ name: 'note' }], stdio: { extraArgs: SHELL_SYNTAX } } } },
  model: [{ message: 'Hello.' }],
  // One message first: a host may start its servers only when a session has work (Copilot CLI).
  user: [{ send: 'Hello.' }, { end: 'eof' }],
  checks: [
    {
      id: 'arguments-reach-server-literally',
      guarantees: ['STDIO-1'],
      expected: `the server's argv ends with ${JSON.stringify(SHELL_SYNTAX)}, unexpanded`,
      provenBy: ['use-shell', 'stdio-args-env-expanded', 'stdio-args-tilde-expanded'],
      grade: stdioArgsLiteral('local', SHELL_SYNTAX),
    },
  ],
});
