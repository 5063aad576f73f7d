// STDIO-6: four stdio servers misbehave (one crashes at start, one writes non-protocol bytes
// on stdout, one exits in the middle of a call, one closes its stdin after listing so the call
// is written to a closed pipe); the host must keep running and answer the user's next message
// (after the unknown-outcome confirmation, UNKNOWN-2) and, after the closed pipe, the model. The status of the
// interrupted call is RESULT's business, not checked here.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { hostAnsweredMessage } from '../harness/scenario/checks-stdio-discovery.js';

const AFTER_GARBAGE = 'Anything else?';
// Both kinds of non-protocol stdout: a line that is not JSON, and JSON that is not JSON-RPC (a log object).
const GARBAGE = 'this is not JSON-RPC\n{"level":"info","msg":"a log object, not a JSON-RPC message"}';
const AFTER_EXIT = 'Are you still there?';
const PING = 'Ping the deaf one.';

export default defineScenario({
  title: 'A stdio server crashing at start, writing garbage on stdout or exiting mid-call never takes the host down',
  servers: {
    crasher: { transport: 'stdio', behaviour: { stages: { connect: { kind: 'crash' } }, tools: [{ name: 'never_listed' }] } },
    noisy: { transport: 'stdio', behaviour: { tools: [{ name: 'fetch', outcome: { kind: 'garbage', data: GARBAGE, thenAnswer: true } }] } },
    dying: { transport: 'stdio', behaviour: { tools: [{ name: 'work', outcome: { kind: 'crash', code: 3 } }] } },
    deaf: { transport: 'stdio', behaviour: { tools: [{ name: 'ping' }], stdio: { closeStdinAfterListing: true } } },
  },
  model: [
    { message: 'Ready.' },
    { calls: [{ server: 'noisy', tool: 'fetch', arguments: {} }] },
    { message: 'Fetched.' },
    { message: 'Nothing else.' },
    { calls: [{ server: 'dying', tool: 'work', arguments: {} }] },
    { message: 'The work call ended.' },
    { message: 'Yes, still here.' },
    { calls: [{ server: 'deaf', tool: 'ping', arguments: {} }] },
    { message: 'The ping ended.' },
  ],
  host: { callTimeoutMs: 3000 },
  user: [
    { send: 'Hello' },
    { send: 'Fetch it.' },
    { approval: 'approve' },
    { send: AFTER_GARBAGE },
    { send: 'Run the work.' },
    { approval: 'approve' },
    { send: AFTER_EXIT },
    { unknownGate: 'approve' },
    { send: PING },
    { approval: 'approve' },
    { end: 'eof' },
  ],
  checks: [
    {
      id: 'survives-crash-at-start',
      guarantees: ['STDIO-6'],
      expected: 'with one server crashed at start, the host answers the first message',
      provenBy: ['crash-on-server-exit'],
      grade: hostAnsweredMessage('Hello', 'Ready.'),
    },
    {
      id: 'survives-stdout-garbage',
      guarantees: ['STDIO-6'],
      expected: 'after a server wrote non-protocol bytes on stdout, the host answers the next message',
      provenBy: ['crash-on-garbage', 'stdio-non-rpc-json-throws'],
      grade: hostAnsweredMessage(AFTER_GARBAGE, 'Nothing else.'),
    },
    {
      id: 'survives-exit-mid-call',
      guarantees: ['STDIO-6'],
      expected: 'after a server exited in the middle of a call, the host answers the next message',
      provenBy: ['crash-on-server-exit'],
      grade: hostAnsweredMessage(AFTER_EXIT, 'Yes, still here.'),
    },
    {
      id: 'survives-write-to-closed-pipe',
      guarantees: ['STDIO-6'],
      expected: "after the call to a server that closed its stdin (EPIPE on write), the host passes the outcome on and shows the model's answer",
      provenBy: ['stdio-stdin-error-unhandled'],
      grade: hostAnsweredMessage(PING, 'The ping ended.'),
    },
  ],
});
