// STDIO-1: arguments full of shell syntax must reach the stdio server exactly as configured,
// which only happens when the host executes the command directly, without a shell.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { stdioArgsLiteral } from '../harness/scenario/checks-stdio-discovery.js';

const SHELL_SYNTAX = ['$(echo injected)', '`id`', 'a;b', 'x|y', '>out.txt', '*', '~', "'quoted'"];

export default defineScenario({
  title: 'Arguments with $(...), ;, |, > and globs reach a stdio server literally',
  servers: { local: { transport: 'stdio', behaviour: { tools: [{ name: 'note' }], stdio: { extraArgs: SHELL_SYNTAX } } } },
  model: [{ message: 'Hello.' }],
  user: [{ end: 'eof' }],
  checks: [
    {
      id: 'arguments-reach-server-literally',
      guarantees: ['STDIO-1'],
      expected: `the server's argv ends with ${JSON.stringify(SHELL_SYNTAX)}, unexpanded`,
      provenBy: ['use-shell'],
      grade: stdioArgsLiteral('local', SHELL_SYNTAX),
    },
  ],
});
