// UNKNOWN-2 when the next thing the user sends is a server prompt, not a typed line: after an
// unknown outcome, a prompt the user asks for is a user message like any other, so it waits for
// the confirmation too. Declined, the prompt's text never reaches the model and the host runs
// on; the next prompt is asked about again and, confirmed, is sent. A gate armed for typed lines
// only lets the first prompt through. Hosts with no command to use a server prompt (PROMPT-1 is
// optional) cannot be driven here: the scenario does not apply to them.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { messageNeverSent, messageSentAfterGates, unknownGateShown } from '../harness/scenario/checks-approval-results.js';

const DECLINED = 'Greet-prompt-5c8: say hello to the team.';
const CONFIRMED = 'Status-prompt-2e6: sum up the open items.';
const prompt = (name: string, text: string) => ({ name, description: `${name}, no arguments`, messages: [{ role: 'user' as const, text }] });

export default defineScenario({
  title: 'The unknown-outcome confirmation holds back a server prompt the user asks for, as it holds back a typed message',
  needs: ['prompt-command'],
  servers: {
    docs: {
      transport: 'http',
      behaviour: { tools: [{ name: 'slow', outcome: { kind: 'never' } }], prompts: [prompt('greet', DECLINED), prompt('status', CONFIRMED)] },
    },
  },
  model: [{ calls: [{ server: 'docs', tool: 'slow', arguments: {} }] }, { message: 'It may have run.' }, { message: 'Noted.' }, { message: 'Noted.' }],
  host: { callTimeoutMs: 300 },
  user: [
    { send: 'Run it.' },
    { approval: 'approve' },
    { prompt: { server: 'docs', name: 'greet' } },
    { unknownGate: 'deny' },
    { prompt: { server: 'docs', name: 'status' } },
    { unknownGate: 'approve' },
    { end: 'eof' },
  ],
  checks: [
    {
      id: 'asked-before-each-prompt',
      guarantees: ['UNKNOWN-2'],
      expected: 'the confirmation is shown before each of the two prompts the user asks for (declining keeps it armed), and the host runs until end of input',
      provenBy: ['no-unknown-gate', 'unknown-gate-skipped-for-prompts'],
      grade: unknownGateShown(2),
    },
    {
      id: 'declined-prompt-unsent',
      guarantees: ['UNKNOWN-2'],
      expected: 'the text of the prompt asked for before declining never reaches the model',
      provenBy: ['no-unknown-gate', 'unknown-gate-skipped-for-prompts'],
      grade: messageNeverSent(DECLINED, 3),
    },
    {
      id: 'confirmed-prompt-sent',
      guarantees: ['UNKNOWN-2'],
      expected: 'the text of the prompt asked for before confirming reaches the model',
      provenBy: ['no-unknown-gate', 'unknown-gate-skipped-for-prompts'],
      grade: messageSentAfterGates(CONFIRMED, 2),
    },
  ],
});
