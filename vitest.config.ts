import { defineConfig } from 'vitest/config';
import { SelfTestsFirst } from './harness/vitest/self-tests-first.js';

export default defineConfig({
  test: {
    include: ['{common,reference-host,fake-servers,harness,scenarios,benchmarks}/**/*.test.ts'],
    exclude: ['node_modules/**', 'dist/**'],
    // Two cores: the self-tests that run scenario batches take two workers for minutes (each
    // sizes its batch to the CPU left), and a third runs the unit tests beside them.
    pool: 'forks',
    maxWorkers: 3,
    // Integration tests start real child processes and servers: a few concurrent tests at most.
    maxConcurrency: 3,
    sequence: { sequencer: SelfTestsFirst },
    testTimeout: 30_000,
    hookTimeout: 30_000,
    reporters: ['default', './harness/vitest/summary-reporter.ts'],
  },
});
