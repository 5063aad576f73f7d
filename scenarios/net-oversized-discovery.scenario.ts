// NET-3: a discovery answer over the 1 MiB message cap makes its server unavailable as a
// whole, whichever list it answers: tools/list over Streamable HTTP, resources/list over HTTP
// and prompts/list over stdio (the lists a host may think optional); the server beside them
// still works. A host that never asks for resources or prompts never holds those answers: their
// checks are BLOCKED for it, not FAIL. (An oversized call answer: RESULT-6's scenario.)
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { reportedUnavailable } from '../harness/scenario/check-helpers.js';
import { toolOffered, whenAsked } from '../harness/scenario/checks-credentials-network.js';

/** 64 KiB over the 1 MiB cap. */
const OVER = 1024 * 1024 + 64 * 1024;

export default defineScenario({
  title: 'An oversized discovery answer (over 1 MiB) makes the server unavailable; the other one works',
  servers: {
    big: {
      transport: 'http',
      behaviour: { tools: [{ name: 'oversized_search' }], stages: { 'tools/list': { kind: 'sized', bytes: OVER } }, http: { jsonResponse: true } },
    },
    bigresources: {
      transport: 'http',
      behaviour: {
        tools: [{ name: 'resources_search' }],
        resources: [{ uri: 'docs://a', name: 'a' }],
        stages: { 'resources/list': { kind: 'sized', bytes: OVER } },
        http: { jsonResponse: true },
      },
    },
    bigprompts: {
      transport: 'stdio',
      behaviour: {
        tools: [{ name: 'prompts_search' }],
        prompts: [{ name: 'p', messages: [{ role: 'user', text: 'p' }] }],
        stages: { 'prompts/list': { kind: 'sized', bytes: OVER } },
      },
    },
    small: { transport: 'http', behaviour: { tools: [{ name: 'lookup' }] } },
  },
  model: [{ message: 'Hello.' }],
  user: [{ send: 'Hi' }, { end: 'eof' }],
  checks: [
    {
      id: 'oversized-server-unavailable',
      guarantees: ['NET-3'],
      expected: 'the server whose tools/list answer exceeds 1 MiB is reported unavailable',
      provenBy: ['no-body-cap'],
      needs: ['server-status'],
      grade: reportedUnavailable('big'),
    },
    {
      id: 'oversized-resources-list-unavailable',
      guarantees: ['NET-3'],
      expected: 'the server whose resources/list answer exceeds 1 MiB is reported unavailable',
      provenBy: ['no-body-cap', 'net-oversized-extras-ignored'],
      needs: ['server-status'],
      grade: whenAsked('bigresources', 'resources/list', reportedUnavailable('bigresources')),
    },
    {
      id: 'oversized-prompts-list-unavailable',
      guarantees: ['NET-3'],
      expected: 'the stdio server whose prompts/list answer exceeds 1 MiB is reported unavailable',
      provenBy: ['net-stdio-cap-16mib', 'net-oversized-extras-ignored'],
      needs: ['server-status'],
      grade: whenAsked('bigprompts', 'prompts/list', reportedUnavailable('bigprompts')),
    },
    {
      id: 'oversized-resources-tools-not-offered',
      guarantees: ['NET-3'],
      expected: 'none of the tools of the server with an oversized resources/list is offered to the model',
      provenBy: ['net-oversized-extras-ignored'],
      grade: whenAsked('bigresources', 'resources/list', toolOffered('bigresources', 'resources_search', false)),
    },
    {
      id: 'oversized-prompts-tools-not-offered',
      guarantees: ['NET-3'],
      expected: 'none of the tools of the stdio server with an oversized prompts/list is offered to the model',
      provenBy: ['net-oversized-extras-ignored'],
      grade: whenAsked('bigprompts', 'prompts/list', toolOffered('bigprompts', 'prompts_search', false)),
    },
    {
      id: 'oversized-tools-not-offered',
      guarantees: ['NET-3'],
      expected: "none of the oversized server's tools is offered to the model",
      provenBy: ['no-body-cap'],
      grade: toolOffered('big', 'oversized_search', false),
    },
  ],
});
