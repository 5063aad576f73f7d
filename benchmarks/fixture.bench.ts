// Benchmark (not a test) of the issue-3 target not covered by fake-servers.bench.ts: a
// scenario's whole fixture (trap, scripted model and three HTTP fake servers, through the
// runner's own startFixtures) up in under 100 ms median.
// Run: npm run build && npx tsx benchmarks/fixture.bench.ts [--quick]
import { performance } from 'node:perf_hooks';
import { startFixtures } from '../harness/runner/fixtures.js';
import { createSandbox } from '../harness/sandbox/sandbox.js';
import { parseScenario } from '../harness/scenario/load-scenarios.js';
import { below, benchArgs, median, report } from './bench-kit.js';

const { quick } = benchArgs();
const RUNS = quick ? 5 : 30;

const server = { transport: 'http' as const, behaviour: { tools: [{ name: 'echo' }] } };
const scenario = parseScenario(
  {
    title: 'benchmark fixture: model and three HTTP servers',
    servers: { one: server, two: server, three: server },
    model: [{ message: 'done' }],
    user: [{ send: 'hello' }],
    checks: [{ id: 'unused', guarantees: ['DISCOVER-1'], expected: 'not graded', provenBy: [], grade: () => ({ verdict: 'PASS', observed: '', evidence: [] }) }],
  },
  '/benchmarks/fixture-bench.scenario.ts',
);

const times: number[] = [];
// Untimed warm-up rounds (JIT), then the measured ones.
for (let i = 0; i < RUNS + 3; i++) {
  const sandbox = createSandbox(scenario.name);
  try {
    const begin = performance.now();
    const fixtures = await startFixtures(scenario, sandbox, []);
    const ms = performance.now() - begin;
    await fixtures.close();
    if (i >= 3) times.push(ms);
  } finally {
    sandbox.cleanup();
  }
}
report(
  'fixture (issue 3)',
  [below(`whole fixture up (trap + model + 3 HTTP servers), median of ${RUNS}`, median(times), 100)],
  [`min ${Math.min(...times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`],
);
