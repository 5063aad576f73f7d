// EXPOSE-2, EXPOSE-3: a tool name with invalid characters, one too long, and two names that
// still collide (acme/b_c and acme_b/c both read mcp_acme_b_c) get deterministic hash suffixes; the
// same configuration gives the same names on a second start. The other members of each
// family: non-ASCII letters (résumé), a name one character over the bound in refhost's form
// (65), two invalid names that sanitise alike (list.pages, list pages: not the one the model
// calls, so a host that merges them still gets its call), and two names that differ
// only in case (Export, export): every tool still gets a valid name of its own. The servers'
// name is a word no tool name or hex hash holds, so a name that lacks it cannot carry it by chance.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { allNamesValid, hashSuffixed, namesCarryServer, sameNamesEveryStart } from '../harness/scenario/checks-exposure-limits.js';

const LONG = `fetch_${'x'.repeat(70)}`;
/** mcp_acme_ plus this is 65 characters: one over the bound. */
const JUST_OVER = `page_${'y'.repeat(51)}`;
/** Every tool of server acme and acme_b: each must be offered under a name of its own. */
const EVERY_TOOL: readonly (readonly [string, string])[] = [
  ['acme', 'get.page'],
  ['acme', 'list.pages'],
  ['acme', 'list pages'],
  ['acme', LONG],
  ['acme', JUST_OVER],
  ['acme', 'résumé'],
  ['acme', 'Export'],
  ['acme', 'export'],
  ['acme', 'b_c'],
  ['acme_b', 'c'],
];

export default defineScenario({
  title: 'Invalid, overlong and colliding names get deterministic hash suffixes, the same on every start',
  servers: {
    acme: { transport: 'http', behaviour: { tools: EVERY_TOOL.filter(([server]) => server === 'acme').map(([, name]) => ({ name })) } },
    acme_b: { transport: 'http', behaviour: { tools: [{ name: 'c' }] } },
  },
  model: [{ calls: [{ server: 'acme', tool: 'get.page', arguments: {} }] }, { message: 'First start done.' }, { message: 'Second start done.' }],
  user: [{ send: 'Get the page.' }, { approval: 'approve' }, { end: 'eof' }, { restart: { resume: false } }, { send: 'Hello again.' }, { end: 'eof' }],
  checks: [
    {
      id: 'every-name-valid',
      guarantees: ['EXPOSE-2'],
      expected: 'every offered name matches ^[a-zA-Z0-9_-]{1,64}$ (the 65-character and the non-ASCII names included)',
      provenBy: ['raw-names', 'expose-unicode-letters-allowed'],
      grade: allNamesValid(),
    },
    {
      id: 'every-tool-its-own-name',
      guarantees: ['EXPOSE-2'],
      expected: 'all ten tools are offered under ten distinct names naming their server: names that sanitise alike or differ only in case do not still collide',
      provenBy: ['expose-key-case-insensitive', 'expose-hash-of-server-only'],
      grade: namesCarryServer(EVERY_TOOL),
    },
    {
      id: 'invalid-characters-hashed',
      guarantees: ['EXPOSE-2'],
      expected: '"get.page" is offered with a hash suffix, not as a look-alike such as mcp_acme_get_page',
      provenBy: ['sanitise-lookalike'],
      grade: hashSuffixed('acme', 'get.page'),
    },
    {
      id: 'overlong-name-hashed',
      guarantees: ['EXPOSE-2'],
      expected: 'the 76-character tool name is offered cut, with a hash suffix',
      provenBy: ['sanitise-lookalike'],
      grade: hashSuffixed('acme', LONG),
    },
    {
      id: 'collision-hashed-first',
      guarantees: ['EXPOSE-2'],
      expected: "acme/b_c (clashing with acme_b/c on mcp_acme_b_c) gets a hash suffix, unless the host's scheme keeps the two apart",
      provenBy: ['sanitise-lookalike'],
      grade: hashSuffixed('acme', 'b_c', ['acme_b', 'c']),
    },
    {
      id: 'collision-hashed-second',
      guarantees: ['EXPOSE-2'],
      expected: "acme_b/c (clashing with acme/b_c on mcp_acme_b_c) gets a hash suffix, unless the host's scheme keeps the two apart",
      provenBy: ['sanitise-lookalike'],
      grade: hashSuffixed('acme_b', 'c', ['acme', 'b_c']),
    },
    {
      id: 'same-names-on-second-start',
      guarantees: ['EXPOSE-3'],
      expected: 'the second start offers exactly the names of the first',
      provenBy: ['random-suffix'],
      grade: sameNamesEveryStart(2),
    },
  ],
});
