// POLICY-2: server docs allows 2 calls per minute. The model asks for three calls at once;
// the first two are asked about and run, the third is refused locally without a question.
// (A host that asks about the third gets end of input there, so only the question itself,
// not the server or the model, tells it apart.)
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { noQuestionPast } from '../harness/scenario/checks-policy-telemetry.js';

const search = (n: number) => ({ server: 'docs', tool: 'search', arguments: { page: n } });

export default defineScenario({
  title: 'A third call within a minute to a server limited to two is refused locally',
  servers: { docs: { transport: 'http', behaviour: { tools: [{ name: 'search' }] } } },
  policy: { servers: { docs: { callsPerMinute: 2 } } },
  model: [{ calls: [search(1), search(2), search(3)] }, { message: 'Done.' }],
  user: [{ send: 'Search three pages.' }, { approval: 'approve' }, { approval: 'approve' }, { end: 'eof' }],
  checks: [
    {
      id: 'third-call-refused-without-asking',
      guarantees: ['POLICY-2'],
      expected: 'two approval requests are shown; the call past the limit raises no question and the host is back at its prompt',
      provenBy: ['ignore-rate-limit'],
      grade: noQuestionPast(2),
    },
  ],
});
