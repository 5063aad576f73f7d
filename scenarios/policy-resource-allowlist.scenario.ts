// POLICY-3 (with RESOURCE-2, which refuses what the allowlist excludes): server docs lists a public and a private note; the policy allows only
// notes://public/* and notes://team.docs/index. The model reads the private note (refused locally: no question, nothing
// sent), then a listed URI that only ends like an allowed one (a pattern matches the whole
// URI: refused too), then URIs an allowed pattern matches only when compared loosely (another
// case, "." taken as any character, an allowed URI with more after it), then a URI of server
// vault, whose allowlist is empty (nothing may be read), then the public one (asked about
// before it is sent, read). POLICY-2 on reads: server wiki allows one call per minute; its
// first read is asked about and sent, then a tool call (the read counted) and a second read
// (a read held to the limit) are refused without a question.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { approvalShownBeforeSending } from '../harness/scenario/check-helpers.js';
import { resourceRead } from '../harness/scenario/checks-resources-prompts.js';
import { approvalsAbout, modelToldRefused, noApprovalFor, passOnceOutputReached, serverNeverRead } from '../harness/scenario/checks-policy-telemetry.js';

const PUBLIC = 'notes://public/readme';
const PRIVATE = 'notes://private/keys';
/** Holds an allowed URI after its own scheme: only a pattern matched from anywhere admits it. */
const DISGUISED = 'files://secrets/notes://public/readme';
/** An allowed URI with more after it: only a pattern matched as a prefix admits it. */
const LONGER = 'notes://team.docs/index.bak';
/** notes://public/* in other letters: only a case-insensitive match admits it. */
const CASED = 'notes://PUBLIC/keys';
/** notes://team.docs/index with "." matched by another character. */
const DOTTED = 'notes://teamxdocs/index';
const VAULT = 'vault://keys';
const WIKI = 'wiki://home';
const read = (uri: string, server = 'docs') => resourceRead(server, uri);
const note = (uri: string) => ({ uri, name: uri.replace(/\W+/g, '-'), text: `text of ${uri}` });

export default defineScenario({
  title: 'Policy on resource reads: a URI outside the allowlist is never read, an allowed one is, and reads count toward the rate limit',
  servers: {
    docs: {
      transport: 'http',
      behaviour: { tools: [{ name: 'search' }], resources: [PUBLIC, PRIVATE, DISGUISED, LONGER, CASED, DOTTED].map(note) },
    },
    vault: { transport: 'http', behaviour: { tools: [{ name: 'unlock' }], resources: [note(VAULT)] } },
    wiki: { transport: 'http', behaviour: { tools: [{ name: 'lookup' }], resources: [note(WIKI)] } },
  },
  policy: {
    servers: {
      docs: { allowResources: ['notes://public/*', 'notes://team.docs/index'] },
      vault: { allowResources: [] },
      wiki: { callsPerMinute: 1 },
    },
  },
  model: [
    ...[PRIVATE, DISGUISED, LONGER, CASED, DOTTED].map((uri) => ({ calls: [read(uri)] })),
    { calls: [read(VAULT, 'vault')] },
    { calls: [read(PUBLIC)] },
    { calls: [read(WIKI, 'wiki')] },
    { calls: [{ server: 'wiki', tool: 'lookup', arguments: {} }] },
    { calls: [read(WIKI, 'wiki')] },
    { message: 'Done.' },
  ],
  user: [{ send: 'Read the notes, the vault and the wiki.' }, { approval: 'approve' }, { approval: 'approve' }, { end: 'eof' }],
  checks: [
    {
      id: 'excluded-uri-never-read',
      guarantees: ['POLICY-3', 'RESOURCE-2'],
      expected: `server docs receives resources/read of ${PUBLIC} but never of ${PRIVATE}`,
      provenBy: ['ignore-resource-allowlist'],
      grade: serverNeverRead('docs', PRIVATE, PUBLIC),
    },
    {
      id: 'user-not-asked-about-excluded-uri',
      guarantees: ['POLICY-3', 'RESOURCE-2'],
      expected: `no approval request is for ${PRIVATE}`,
      provenBy: ['ignore-resource-allowlist'],
      grade: noApprovalFor(PRIVATE),
    },
    {
      id: 'model-told-refused',
      guarantees: ['POLICY-3', 'RESOURCE-2'],
      expected: 'the model is told the private read was refused (denied or failed)',
      provenBy: ['ignore-resource-allowlist'],
      grade: modelToldRefused(0),
    },
    {
      id: 'pattern-matches-the-whole-uri',
      guarantees: ['POLICY-3', 'RESOURCE-2'],
      expected: `server docs never receives a resources/read of ${DISGUISED} (only ends like an allowed URI) or ${LONGER} (an allowed URI with more after it)`,
      // ignore-resource-allowlist sends the excluded read and asks about the next, so the allowed read never comes: BLOCKED there (excluded-uri-never-read fails).
      provenBy: ['policy-allow-unanchored', 'policy-allow-unanchored-end'],
      grade: serverNeverRead('docs', [DISGUISED, LONGER], PUBLIC),
    },
    {
      id: 'pattern-characters-match-exactly',
      guarantees: ['POLICY-3', 'RESOURCE-2'],
      expected: `server docs never receives a resources/read of ${CASED} (another case) or ${DOTTED} ("." of a pattern is itself)`,
      provenBy: ['policy-glob-case-insensitive', 'policy-glob-dot-unescaped'],
      grade: serverNeverRead('docs', [CASED, DOTTED], PUBLIC),
    },
    {
      id: 'empty-allowlist-allows-nothing',
      guarantees: ['POLICY-3', 'RESOURCE-2'],
      expected: `server vault, whose allowlist is empty, never receives a resources/read (of ${VAULT}), while docs receives ${PUBLIC}`,
      provenBy: ['policy-allowlist-empty-allows-all'],
      grade: serverNeverRead('vault', VAULT, PUBLIC, 'docs'),
    },
    {
      id: 'allowed-read-asked-first',
      guarantees: ['POLICY-4', 'RESOURCE-1'],
      expected: `the read of ${PUBLIC}, which the allowlist lets through, is asked about before server docs receives it`,
      provenBy: ['policy-allowlisted-read-skips-approval'],
      grade: approvalShownBeforeSending('docs', 0),
    },
    {
      id: 'reads-count-toward-rate-limit',
      guarantees: ['POLICY-2', 'RESOURCE-1'],
      expected: 'after one read of server wiki (one call per minute), its tool lookup is refused without a question',
      provenBy: ['policy-rate-reads-not-counted'],
      grade: passOnceOutputReached(8, noApprovalFor('lookup')),
    },
    {
      id: 'reads-held-to-rate-limit',
      guarantees: ['POLICY-2', 'RESOURCE-1'],
      expected: `the second read of ${WIKI} (one call per minute) is refused without a question: one approval request for it in all`,
      provenBy: ['policy-rate-reads-not-refused'],
      grade: passOnceOutputReached(9, approvalsAbout(WIKI, 1)),
    },
  ],
});
