// TELEMETRY-2 for resource reads: the model reads a resource and calls a tool. Whether or not
// the host records the read, the URI it read (the read's argument value) never reaches the
// telemetry; the tool call guarantees there is at least one record to look at.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { resourceRead } from '../harness/scenario/checks-resources-prompts.js';
import { telemetryLacks } from '../harness/scenario/checks-policy-telemetry.js';

const URI = 'notes://private/uri-canary-6b2e';

export default defineScenario({
  title: 'The URI of a resource read never appears in the telemetry',
  servers: { docs: { transport: 'http', behaviour: { tools: [{ name: 'search' }], resources: [{ uri: URI, name: 'plan', text: 'the plan' }] } } },
  model: [{ calls: [resourceRead('docs', URI)] }, { calls: [{ server: 'docs', tool: 'search', arguments: {} }] }, { message: 'Done.' }],
  user: [{ send: 'Read the plan, then search.' }, { approval: 'approve' }, { approval: 'approve' }, { end: 'eof' }],
  checks: [
    {
      id: 'no-uri-in-telemetry',
      guarantees: ['TELEMETRY-2', 'RESOURCE-1'],
      expected: `the URI read through the host's resource tool (${URI}) never appears in the telemetry`,
      provenBy: ['telemetry-logs-arguments', 'telemetry-uri-recorded'],
      grade: telemetryLacks('the URI read', () => [URI]),
    },
  ],
});
