// APPROVE-3, RESULT-3: five calls, each answered with something that is not yes: "no",
// "yellow" (starts with y), "maybe", "sure" and blanks. Every one denies: the server receives
// nothing and the model is told denied each time. (A probe that is the host's own approve
// answer is not typed: that step cannot be a denial for that host.)
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { approvalsShown, modelSawStatuses, serverGotToolCalls } from '../harness/scenario/check-helpers.js';

const PROBES = ['no', 'yellow', 'maybe', 'sure', '   '] as const;
const note = (n: number) => ({ calls: [{ server: 'docs', tool: 'note', arguments: { n } }] });

export default defineScenario({
  title: 'Anything but yes denies: "no", "yellow", "maybe", "sure" and blanks',
  servers: { docs: { transport: 'http', behaviour: { tools: [{ name: 'note' }] } } },
  model: [...PROBES.map((_, i) => note(i + 1)), { message: 'Nothing was noted.' }],
  host: { callTimeoutMs: 3000 },
  user: [{ send: 'Take five notes.' }, ...PROBES.map((text) => ({ approval: { text } })), { end: 'eof' }],
  checks: [
    {
      id: 'each-answer-asked',
      guarantees: ['APPROVE-3'],
      expected: 'each of the five calls gets its own approval request (no answer approved the rest)',
      provenBy: ['auto-approve'],
      grade: approvalsShown(PROBES.length),
    },
    {
      id: 'nothing-sent',
      guarantees: ['APPROVE-3', 'RESULT-3'],
      expected: 'the server receives no tools/call',
      provenBy: [
        'approve-answer-starts-with-y',
        'approve-answer-includes-y',
        'approve-anything-but-no',
        'approve-ok-and-sure-approve',
        'ka-langchain-pipes-only-no-denies',
      ],
      grade: serverGotToolCalls('docs', 0),
    },
    {
      id: 'model-told-denied',
      guarantees: ['APPROVE-3', 'RESULT-3'],
      expected: 'the model receives status denied for all five calls',
      provenBy: ['approve-answer-starts-with-y', 'approve-anything-but-no', 'approve-ok-and-sure-approve', 'ka-langchain-pipes-only-no-denies'],
      grade: modelSawStatuses(PROBES.map(() => 'denied' as const)),
    },
  ],
});
