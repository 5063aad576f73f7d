import { defineConfig } from 'vitest/config';
import { SelfTestsFirst } from './harness/vitest/self-tests-first.js';

export const KNOWN_ANSWER_TEST = 'harness/known-answer-hosts/known-answer-hosts.test.ts';

export default defineConfig({
  test: {
    include: ['{common,reference-host,fake-servers,harness,scenarios,benchmarks}/**/*.test.ts'],
    // The known-answer self-test runs as its own CI step beside the real hosts' rows (npm run test:known-answer).
    exclude: ['node_modules/**', 'dist/**', KNOWN_ANSWER_TEST],
    // Two cores: the self-tests that run scenario batches take two workers for minutes (each
    // sizes its batch to the CPU left), and a third runs the unit tests beside them.
    pool: 'forks',
    maxWorkers: 3,
    // Test files share their worker's modules instead of importing the harness afresh each: it
    // saved about 50 s of CPU in npm test (import and transform time, 133 -> 83 CPU-s for the unit
    // tests). Safe while no test replaces a module or changes process-wide state, which
    // harness/vitest/shared-modules.test.ts keeps true.
    isolate: false,
    // Integration tests start real child processes and servers: a few concurrent tests at most.
    maxConcurrency: 3,
    sequence: { sequencer: SelfTestsFirst },
    // A test that fails once on a loaded machine runs once more; the summary reporter names it as
    // flaky (and every test that failed), so a flake is seen and mended, not hidden or guessed at.
    retry: 1,
    testTimeout: 30_000,
    hookTimeout: 30_000,
    reporters: ['default', './harness/vitest/summary-reporter.ts'],
  },
});
