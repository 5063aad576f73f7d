import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{common,reference-host,fake-servers,harness,scenarios,benchmarks}/**/*.test.ts'],
    exclude: ['node_modules/**', 'dist/**'],
    // Two cores: integration tests start real child processes and servers.
    pool: 'forks',
    maxWorkers: 2,
    // The faulty-host self-test runs scenarios concurrently; each starts a host and its fakes,
    // so more than three at once on two cores starves the scenarios' step deadlines.
    maxConcurrency: 3,
    testTimeout: 30_000,
    hookTimeout: 30_000,
    reporters: ['default', './harness/vitest/summary-reporter.ts'],
  },
});
