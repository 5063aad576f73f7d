// DISCOVER-2, the deadline covers connect AND discovery, with the host's real 10 s (no knob):
// one server answers initialize at once and never answers tools/list; another answers
// initialize after 6 s and tools/list after 6 s more (12 s in all, each answer within 10 s).
// Both are given up at 10 s from their connection: a deadline covering only initialize, or
// restarting for each request, waits for the first forever and accepts the second.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { chatGoesOn, modelSawStatuses, reportedUnavailable } from '../harness/scenario/check-helpers.js';
import { connectGivenUpAt } from '../harness/scenario/checks-deadlines.js';
import { serverNotRegistered } from '../harness/scenario/checks-exposure-limits.js';

const CONNECT_DEADLINE_MS = 10_000;

export default defineScenario({
  title: 'The connect deadline covers discovery: a server hanging on tools/list, and one slow in total, are given up at 10 s',
  servers: {
    listhang: { transport: 'http', behaviour: { tools: [{ name: 'listhang_tool' }], stages: { 'tools/list': { kind: 'never' } } } },
    slowtotal: {
      transport: 'http',
      behaviour: {
        tools: [{ name: 'slowtotal_tool' }],
        stages: { initialize: { kind: 'delay', delayMs: 6000 }, 'tools/list': { kind: 'delay', delayMs: 6000 } },
      },
    },
    healthy: { transport: 'http', behaviour: { tools: [{ name: 'search' }] } },
  },
  model: [{ calls: [{ server: 'healthy', tool: 'search', arguments: {} }] }, { message: 'Done.' }],
  user: [{ send: 'Search.' }, { approval: 'approve' }, { end: 'eof' }],
  timeoutMs: 60_000,
  checks: [
    {
      id: 'given-up-at-deadline',
      guarantees: ['DISCOVER-2'],
      expected: `the host goes on at most ${CONNECT_DEADLINE_MS / 1000} s after opening its connection to the server that never answers tools/list`,
      provenBy: ['discover-deadline-initialize-only', 'discover-deadline-resets-per-page'],
      grade: connectGivenUpAt('listhang', 'healthy', CONNECT_DEADLINE_MS),
    },
    {
      id: 'hanging-list-unavailable',
      guarantees: ['DISCOVER-2', 'DISCOVER-4'],
      expected: 'the server that never answers tools/list is reported unavailable',
      provenBy: ['discover-deadline-initialize-only'],
      needs: ['server-status'],
      grade: reportedUnavailable('listhang'),
    },
    {
      id: 'slow-in-total-unavailable',
      guarantees: ['DISCOVER-2'],
      expected: 'the server whose discovery takes 12 s in all (6 s per answer) is unavailable and none of its tools is offered',
      provenBy: ['discover-deadline-resets-per-page'],
      grade: serverNotRegistered('slowtotal'),
    },
    {
      id: 'healthy-call-completed',
      guarantees: ['DISCOVER-2', 'DISCOVER-4'],
      expected: "the healthy server's tool is called and completes",
      provenBy: ['abort-on-broken-server'],
      grade: chatGoesOn(modelSawStatuses(['completed'])),
    },
  ],
});
