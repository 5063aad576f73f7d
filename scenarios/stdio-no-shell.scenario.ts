// STDIO-1: arguments full of shell syntax must reach the stdio server exactly as configured,
// which only happens when the host executes the command directly, without a shell. The other
// member: a second server is configured as one command whose path holds blanks, ";", "$(...)"
// and "&", with no arguments; a host that hands such a command to a shell, or splits it into
// words, never starts it.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { stdioArgsLiteral, stdioCommandRan } from '../harness/scenario/checks-stdio-discovery.js';

// $HOME and ~/ are the expansions a host might do by hand without any shell (STDIO-1 says literally).
// Every character class a shell or a hand-made splitter treats specially: substitution, separators,
// redirection, globs (* ? [..]), both quotes, backslash, history (!), comment (#), background (&),
// blanks inside and around a word, an empty word, and non-ASCII text.
const SHELL_SYNTAX = [
  '$(echo injected)',
  '`id`',
  'a;b',
  'x|y',
  '>out.txt',
  '*',
  '~',
  "'quoted'",
  '$HOME',
  '${HOME}/x',
  '~/notes',
  '"double quoted"',
  'back\\slash',
  'file?.[ab]',
  '!!',
  '#not-a-comment',
  'a&b',
  ' padded ',
  '',
  'café ünïcode',
];

export default defineScenario({
  title: 'Arguments with $(...), ;, |, > and globs reach a stdio server literally',
  servers: {
    local: { transport: 'stdio', behaviour: { tools: [{ name: 'note' }], stdio: { extraArgs: SHELL_SYNTAX } } },
    launched: { transport: 'stdio', launcher: true, behaviour: { tools: [{ name: 'jot' }] } },
  },
  model: [{ message: 'Hello.' }],
  // One message first: a host may start its servers only when a session has work (Copilot CLI).
  user: [{ send: 'Hello.' }, { end: 'eof' }],
  checks: [
    {
      id: 'arguments-reach-server-literally',
      guarantees: ['STDIO-1'],
      expected: `the server's argv ends with ${JSON.stringify(SHELL_SYNTAX)}, unexpanded`,
      provenBy: ['use-shell', 'stdio-args-env-expanded', 'stdio-args-tilde-expanded', 'ka-anthropic-tty-stdio-through-shell'],
      grade: stdioArgsLiteral('local', SHELL_SYNTAX),
    },
    {
      id: 'command-with-shell-characters-runs',
      guarantees: ['STDIO-1'],
      expected: 'the server configured as one command whose path holds blanks, ";", "$(...)" and "&" (no arguments) is started from that path',
      provenBy: ['stdio-command-line-through-shell', 'ka-anthropic-tty-stdio-through-shell'],
      grade: stdioCommandRan('launched', 'local'),
    },
  ],
});
