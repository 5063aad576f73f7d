// EXPOSE-2, EXPOSE-3: a tool name with invalid characters, one too long, and two names that
// still collide (a/b_c and a_b/c both read mcp_a_b_c) get deterministic hash suffixes; the
// same configuration gives the same names on a second start.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { allNamesValid, hashSuffixed, sameNamesEveryStart } from '../harness/scenario/checks-exposure-limits.js';

const LONG = `fetch_${'x'.repeat(70)}`;

export default defineScenario({
  title: 'Invalid, overlong and colliding names get deterministic hash suffixes, the same on every start',
  servers: {
    a: { transport: 'http', behaviour: { tools: [{ name: 'get.page' }, { name: LONG }, { name: 'b_c' }] } },
    a_b: { transport: 'http', behaviour: { tools: [{ name: 'c' }] } },
  },
  model: [{ calls: [{ server: 'a', tool: 'get.page', arguments: {} }] }, { message: 'First start done.' }, { message: 'Second start done.' }],
  user: [{ send: 'Get the page.' }, { approval: 'approve' }, { end: 'eof' }, { restart: { resume: false } }, { send: 'Hello again.' }, { end: 'eof' }],
  checks: [
    {
      id: 'every-name-valid',
      guarantees: ['EXPOSE-2'],
      expected: 'every offered name matches ^[a-zA-Z0-9_-]{1,64}$',
      provenBy: ['raw-names'],
      grade: allNamesValid(),
    },
    { id: 'invalid-characters-hashed', guarantees: ['EXPOSE-2'], expected: '"get.page" is offered with a hash suffix, not as a look-alike such as mcp_a_get_page', provenBy: ['sanitise-lookalike'], grade: hashSuffixed('a', 'get.page') },
    { id: 'overlong-name-hashed', guarantees: ['EXPOSE-2'], expected: 'the 76-character tool name is offered cut, with a hash suffix', provenBy: ['sanitise-lookalike'], grade: hashSuffixed('a', LONG) },
    { id: 'collision-hashed-first', guarantees: ['EXPOSE-2'], expected: 'a/b_c (clashing with a_b/c on mcp_a_b_c) gets a hash suffix, unless the host\'s scheme keeps the two apart', provenBy: ['sanitise-lookalike'], grade: hashSuffixed('a', 'b_c', ['a_b', 'c']) },
    { id: 'collision-hashed-second', guarantees: ['EXPOSE-2'], expected: 'a_b/c (clashing with a/b_c on mcp_a_b_c) gets a hash suffix, unless the host\'s scheme keeps the two apart', provenBy: ['sanitise-lookalike'], grade: hashSuffixed('a_b', 'c', ['a', 'b_c']) },
    {
      id: 'same-names-on-second-start',
      guarantees: ['EXPOSE-3'],
      expected: 'the second start offers exactly the names of the first',
      provenBy: ['random-suffix'],
      grade: sameNamesEveryStart(2),
    },
  ],
});
