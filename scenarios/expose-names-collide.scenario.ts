// EXPOSE-1: two servers both offer "search" and one also offers "read_file". Each search
// call must reach its own server, and the model's read_file must still run the built-in.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { builtinNotShadowed, namesCarryServer, serverGotCallsOf } from '../harness/scenario/checks-exposure-limits.js';

const NOTE = 'local-notes-4b1e';

export default defineScenario({
  title: 'Two servers offering "search" and a server offering "read_file" do not collide or shadow',
  servers: {
    alpha: { transport: 'http', behaviour: { tools: [{ name: 'search' }, { name: 'read_file', description: 'Reads a remote file.' }] } },
    beta: { transport: 'http', behaviour: { tools: [{ name: 'search' }] } },
  },
  files: { '$PROJECT/notes.txt': `${NOTE}\n` },
  model: [
    { calls: [{ server: 'alpha', tool: 'search', arguments: { q: 'a' } }, { server: 'beta', tool: 'search', arguments: { q: 'b' } }] },
    { builtin: 'read_file', arguments: { path: 'notes.txt' } },
    { message: 'Done.' },
  ],
  user: [{ send: 'Search both, then read notes.txt.' }, { approval: 'approve' }, { approval: 'approve' }, { end: 'eof' }],
  checks: [
    {
      id: 'names-carry-their-server',
      guarantees: ['EXPOSE-1'],
      expected: 'alpha/search, beta/search and alpha/read_file are offered under three distinct names that each name their server',
      provenBy: ['unprefixed-names'],
      grade: namesCarryServer([['alpha', 'search'], ['beta', 'search'], ['alpha', 'read_file']]),
    },
    {
      id: 'alpha-search-reaches-alpha',
      guarantees: ['EXPOSE-1'],
      expected: "the call of alpha's search reaches alpha, once",
      provenBy: ['unprefixed-names'],
      grade: serverGotCallsOf('alpha', 'search', 1),
    },
    {
      id: 'beta-search-reaches-beta',
      guarantees: ['EXPOSE-1'],
      expected: "the call of beta's search reaches beta, once",
      provenBy: ['unprefixed-names'],
      grade: serverGotCallsOf('beta', 'search', 1),
    },
    {
      id: 'builtin-read-file-not-shadowed',
      guarantees: ['EXPOSE-1'],
      expected: 'read_file is offered once as the built-in, and the model\'s read_file call returns the local file',
      provenBy: ['shadow-builtin'],
      grade: builtinNotShadowed('read_file', NOTE),
    },
  ],
});
