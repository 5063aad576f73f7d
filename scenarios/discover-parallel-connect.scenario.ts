// DISCOVER-2: three servers each take T (600 ms) to answer initialize. Connected in parallel,
// all three initialize requests arrive before the first answer (read from the journals'
// monotonic stamps); connected one by one, each arrives only after the previous answer.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { connectsOverlapped } from '../harness/scenario/checks-stdio-discovery.js';

const T = 600;
const slow = (tool: string) => ({
  transport: 'http' as const,
  behaviour: { stages: { initialize: { kind: 'delay' as const, delayMs: T } }, tools: [{ name: tool }] },
});

export default defineScenario({
  title: `Three servers that each take ${T} ms to initialize are connected in parallel`,
  servers: { alpha: slow('a'), beta: slow('b'), gamma: slow('c') },
  model: [{ message: 'Hello.' }],
  user: [{ send: 'Hi' }, { end: 'eof' }],
  checks: [
    {
      id: 'initialize-requests-overlap',
      guarantees: ['DISCOVER-2'],
      expected: `all three servers receive their opening (initialize or server/discover) before any of them answers it (ready in about ${T} ms, not ${3 * T} ms)`,
      provenBy: ['serial-connect'],
      grade: connectsOverlapped(['alpha', 'beta', 'gamma']),
    },
  ],
});
