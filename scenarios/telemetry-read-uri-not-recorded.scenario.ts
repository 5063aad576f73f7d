// TELEMETRY for resource reads: the model reads a resource and calls a tool. The read is an MCP
// call made through the host's resource tool, so it leaves a record like the tool call
// (TELEMETRY-1); and neither the URI it read (the read's argument value) nor the text it got
// (the read's result) reaches the telemetry (TELEMETRY-2, graded apart from the first, with the
// tool call's record to look at).
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { resourceRead } from '../harness/scenario/checks-resources-prompts.js';
import { telemetryLacks, telemetryRecordPerCall } from '../harness/scenario/checks-policy-telemetry.js';

const URI = 'notes://private/uri-canary-6b2e';
const CONTENT = 'read-canary-0c93d7';

export default defineScenario({
  title: 'The URI of a resource read never appears in the telemetry',
  servers: { docs: { transport: 'http', behaviour: { tools: [{ name: 'search' }], resources: [{ uri: URI, name: 'plan', text: `the plan: ${CONTENT}` }] } } },
  model: [{ calls: [resourceRead('docs', URI)] }, { calls: [{ server: 'docs', tool: 'search', arguments: {} }] }, { message: 'Done.' }],
  user: [{ send: 'Read the plan, then search.' }, { approval: 'approve' }, { approval: 'approve' }, { end: 'eof' }],
  checks: [
    {
      id: 'read-recorded-too',
      guarantees: ['TELEMETRY-1', 'RESOURCE-1'],
      expected: 'the telemetry holds one record for the read and one for the tool call',
      provenBy: ['telemetry-reads-not-recorded'],
      grade: telemetryRecordPerCall(),
    },
    {
      id: 'no-uri-in-telemetry',
      guarantees: ['TELEMETRY-2', 'RESOURCE-1'],
      expected: `the URI read through the host's resource tool (${URI}) never appears in the telemetry`,
      provenBy: ['telemetry-logs-arguments', 'telemetry-uri-recorded'],
      grade: telemetryLacks('the URI read', () => [URI]),
    },
    {
      id: 'no-read-content-in-telemetry',
      guarantees: ['TELEMETRY-2', 'RESOURCE-1'],
      expected: 'the text the read returned never appears in the telemetry',
      provenBy: ['telemetry-read-content-recorded'],
      grade: telemetryLacks('the text read', () => [CONTENT]),
    },
  ],
});
