// RESOURCE-1: two servers list the same URI. The model reads it from docs twice: the user
// approves the first read and denies the second. Only the approved read is sent, to docs alone.
// Server alpha comes first by name and in the configuration, so a host that routes by "first
// server listing the URI" reads from alpha.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { readApprovalShown, readOnlyFrom, resourceRead, serverReadExactly } from '../harness/scenario/checks-resources-prompts.js';

const URI = 'notes://shared/readme';
const read = resourceRead('docs', URI);

export default defineScenario({
  title: 'A resource read is asked about first and goes to the named server alone',
  servers: {
    alpha: { transport: 'http', behaviour: { tools: [{ name: 'lookup' }], resources: [{ uri: URI, name: 'readme', text: 'alpha readme' }] } },
    docs: { transport: 'http', behaviour: { tools: [{ name: 'search' }], resources: [{ uri: URI, name: 'readme', text: 'docs readme' }] } },
  },
  model: [{ calls: [read] }, { calls: [read] }, { message: 'Done.' }],
  user: [{ send: 'Read the readme twice.' }, { approval: 'approve' }, { approval: 'deny' }, { end: 'eof' }],
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
      expected: 'docs receives one resources/read (the approved one); the denied read is never sent',
      provenBy: ['resource-read-unapproved'],
      grade: serverReadExactly('docs', [URI]),
    },
    {
      id: 'read-goes-to-named-server-only',
      guarantees: ['RESOURCE-1'],
      expected: 'server alpha, which lists the same URI first, receives no resources/read',
      provenBy: ['resource-read-any-server', 'resource-first-listing-server'],
      grade: readOnlyFrom('docs', 'alpha'),
    },
  ],
});
