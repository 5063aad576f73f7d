// UNKNOWN-2 for every cause of an unknown outcome, one after another: a dropped connection, a
// stdio server that dies mid-call, an answer over the message limit and a call the user
// interrupts. Each arms the confirmation again: the message after each is asked about (the
// first three confirmed and sent, the last declined and never sent). A gate armed only by
// timeouts, or only once, lets a message through. The interrupt comes last, with spare model
// answers: a host may or may not ask the model again at Ctrl-C.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { messageNeverSent, messageSentAfterGates, unknownGateShown } from '../harness/scenario/checks-approval-results.js';

const AFTER_DROP = 'after-drop-2b7';
const AFTER_DEATH = 'after-server-death-6d4';
const AFTER_OVERSIZE = 'after-oversize-3a9';
const AFTER_INTERRUPT = 'after-interrupt-9f1';
const call = (server: string, tool: string) => ({ calls: [{ server, tool, arguments: {} }] });
const mayHaveRun = { message: 'It may have run.' };

export default defineScenario({
  title: 'The unknown-outcome confirmation after a drop, a dead server, an oversized answer and an interrupt',
  servers: {
    docs: {
      transport: 'http',
      behaviour: {
        tools: [
          { name: 'fragile', outcome: { kind: 'crash' } },
          { name: 'dump', outcome: { kind: 'sized', bytes: 1_200_000, declared: true } },
          { name: 'hang', outcome: { kind: 'never' } },
        ],
      },
    },
    local: { transport: 'stdio', behaviour: { tools: [{ name: 'dying', outcome: { kind: 'crash', code: 3 } }] } },
  },
  model: [
    call('docs', 'fragile'),
    mayHaveRun,
    call('local', 'dying'),
    mayHaveRun,
    call('docs', 'dump'),
    mayHaveRun,
    call('docs', 'hang'),
    mayHaveRun,
    mayHaveRun,
  ],
  host: { callTimeoutMs: 10_000 },
  timeoutMs: 60_000,
  user: [
    { send: 'Run it.' },
    { approval: 'approve' },
    { send: AFTER_DROP },
    { unknownGate: 'approve' },
    { approval: 'approve' },
    { send: AFTER_DEATH },
    { unknownGate: 'approve' },
    { approval: 'approve' },
    { send: AFTER_OVERSIZE },
    { unknownGate: 'approve' },
    { approval: 'approve' },
    { received: { server: 'docs', method: 'tools/call', count: 3 } },
    { interrupt: true },
    { send: AFTER_INTERRUPT },
    { unknownGate: 'deny' },
    { end: 'eof' },
  ],
  checks: [
    {
      id: 'asked-after-each-unknown',
      guarantees: ['UNKNOWN-2'],
      expected:
        'the confirmation is shown after each of the four unknown outcomes (drop, dead server, oversize, interrupt), and the host runs until told to end',
      provenBy: ['no-unknown-gate', 'unknown-gate-armed-once', 'unknown-gate-only-timeouts'],
      grade: unknownGateShown(4),
    },
    {
      id: 'first-confirmed-message-sent',
      guarantees: ['UNKNOWN-2'],
      expected: 'the message confirmed after the dropped connection reaches the model',
      provenBy: ['no-unknown-gate'],
      grade: messageSentAfterGates(AFTER_DROP, 1),
    },
    {
      id: 'message-after-last-unknown-held',
      guarantees: ['UNKNOWN-2'],
      expected: 'the message typed after the interrupted call, declined, never reaches the model',
      // Without a gate, or one armed once, the script stops before this message: BLOCKED there (asked-after-each-unknown fails).
      provenBy: ['unknown-gate-not-armed-by-interrupt'],
      grade: messageNeverSent(AFTER_INTERRUPT, 14),
    },
  ],
});
