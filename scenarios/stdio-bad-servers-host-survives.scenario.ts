// STDIO-6: three stdio servers misbehave (one crashes at start, one writes non-protocol bytes
// on stdout, one exits in the middle of a call); the host must keep running and answer the
// user's next message (after the unknown-outcome confirmation, UNKNOWN-2). The status of the
// interrupted call is RESULT's business, not checked here.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { hostAnsweredMessage } from '../harness/scenario/checks-stdio-discovery.js';

const AFTER_GARBAGE = 'Anything else?';
const AFTER_EXIT = 'Are you still there?';

export default defineScenario({
  title: 'A stdio server crashing at start, writing garbage on stdout or exiting mid-call never takes the host down',
  servers: {
    crasher: { transport: 'stdio', behaviour: { stages: { connect: { kind: 'crash' } }, tools: [{ name: 'never_listed' }] } },
    noisy: { transport: 'stdio', behaviour: { tools: [{ name: 'fetch', outcome: { kind: 'garbage', data: 'this is not JSON-RPC', thenAnswer: true } }] } },
    dying: { transport: 'stdio', behaviour: { tools: [{ name: 'work', outcome: { kind: 'crash', code: 3 } }] } },
  },
  model: [
    { message: 'Ready.' },
    { calls: [{ server: 'noisy', tool: 'fetch', arguments: {} }] },
    { message: 'Fetched.' },
    { message: 'Nothing else.' },
    { calls: [{ server: 'dying', tool: 'work', arguments: {} }] },
    { message: 'The work call ended.' },
    { message: 'Yes, still here.' },
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
      provenBy: ['crash-on-garbage'],
      grade: hostAnsweredMessage(AFTER_GARBAGE, 'Nothing else.'),
    },
    {
      id: 'survives-exit-mid-call',
      guarantees: ['STDIO-6'],
      expected: 'after a server exited in the middle of a call, the host answers the next message',
      provenBy: ['crash-on-server-exit'],
      grade: hostAnsweredMessage(AFTER_EXIT, 'Yes, still here.'),
    },
  ],
});
