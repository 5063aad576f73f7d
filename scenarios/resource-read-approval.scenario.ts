// RESOURCE-1: two servers list the same URIs. The model reads one from docs twice: the user
// approves the first read and denies the second. Only the approved read is sent, to docs alone.
// Server alpha comes first by name and in the configuration, so a host that routes by "first
// server listing the URI" reads from alpha. Then the fallbacks that widen: a read naming a
// server that does not exist (refused: alpha, which lists the URI, gets nothing), a read docs
// answers with an error and one whose connection docs drops (the outcome unknown): each
// approved for docs alone, so none is tried again on alpha, which lists and templates both.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { readApprovalShown, readOnlyFrom, resourceRead, serverReadOnlyApproved } from '../harness/scenario/checks-resources-prompts.js';

const URI = 'notes://shared/readme';
const FAILING = 'notes://shared/failing';
const DROPPED = 'notes://shared/dropped';
const read = resourceRead('docs', URI);
const mirrored = [URI, FAILING, DROPPED].map((uri) => ({ uri, name: uri.slice('notes://shared/'.length), text: `alpha ${uri}` }));

export default defineScenario({
  title: 'A resource read is asked about first and goes to the named server alone',
  servers: {
    alpha: {
      transport: 'http',
      behaviour: { tools: [{ name: 'lookup' }], resources: mirrored, resourceTemplates: [{ uriTemplate: 'notes://shared/{name}', name: 'shared' }] },
    },
    docs: {
      transport: 'http',
      behaviour: {
        tools: [{ name: 'search' }],
        resources: [
          { uri: URI, name: 'readme', text: 'docs readme' },
          { uri: FAILING, name: 'failing', fault: { kind: 'jsonrpc-error', code: -32603, message: 'docs: storage unavailable' } },
          { uri: DROPPED, name: 'dropped', fault: { kind: 'crash' } },
        ],
      },
    },
  },
  model: [
    { calls: [read] },
    { calls: [read] },
    { calls: [resourceRead('ghost', URI)] },
    { calls: [resourceRead('docs', FAILING)] },
    { calls: [resourceRead('docs', DROPPED)] },
    { message: 'Done.' },
  ],
  user: [
    { send: 'Read the readme twice, then the others.' },
    { approval: 'approve' },
    { approval: 'deny' },
    { approval: 'approve' },
    { approval: 'approve' },
    { end: 'eof' },
  ],
  checks: [
    {
      id: 'read-asked-first',
      guarantees: ['RESOURCE-1'],
      expected: `the first read raises an approval request naming docs and ${URI}`,
      provenBy: ['resource-read-unapproved'],
      grade: readApprovalShown(0, 'docs', URI),
    },
    {
      id: 'only-approved-read-sent',
      guarantees: ['RESOURCE-1'],
      expected: `docs receives the approved reads (${URI}, ${FAILING}, ${DROPPED}) once each, in that order, or the first of them if the host ends the turn early; the denied read is never sent`,
      provenBy: ['resource-read-unapproved'],
      grade: serverReadOnlyApproved('docs', [URI, FAILING, DROPPED]),
    },
    {
      id: 'read-goes-to-named-server-only',
      guarantees: ['RESOURCE-1'],
      expected:
        'server alpha, which lists every URI read and has a template matching them, receives no resources/read: not for the read naming a server that does not exist, nor after docs failed or dropped a read',
      provenBy: ['resource-read-any-server', 'resource-first-listing-server'],
      grade: readOnlyFrom('docs', 'alpha'),
    },
  ],
});
