// `mcp-host-conformance run --performance` (issue 8): measures the host profile of the host
// just run (host-profile.ts, fewer runs than `npm run bench`) and adds it to that run's
// report as its optional performance section. INFO only: it never changes a verdict or the
// exit code, and a failed measurement leaves the report as it was.
import { join } from 'node:path';
import type { HostAdapter } from '../adapters/host-adapter.js';
import { readReportFile } from '../report/report-file.js';
import type { Performance } from '../report/schema.js';
import { writeReports } from '../report/write-reports.js';
import { measureHostProfile } from './host-profile.js';
import type { RepeatOptions } from './stats.js';

const RUNS: RepeatOptions = { warmups: 1, runs: 3 };

export async function measurePerformance(adapter: HostAdapter, options: RepeatOptions = RUNS, log?: (line: string) => void): Promise<Performance> {
  const figures = await measureHostProfile(adapter, { ...options, ...(log === undefined ? {} : { log }) });
  return {
    measuredAt: new Date().toISOString(),
    method: `${options.warmups} warm-up + ${options.runs} runs per figure against in-process HTTP fake servers and a mock model (see docs/benchmarks.md)`,
    figures: figures.map((f) => ({ name: f.name, unit: f.unit, median: f.median, min: f.min, max: f.max, runs: f.n })),
  };
}

/** Measures `adapter` and rewrites the reports in `outDir` with the performance section. */
export async function attachPerformance(adapter: HostAdapter, outDir: string, log: (line: string) => void): Promise<void> {
  log(`measuring performance of ${adapter.name} (INFO, ${RUNS.warmups} warm-up + ${RUNS.runs} runs per figure)`);
  let performance: Performance;
  try {
    performance = await measurePerformance(adapter, RUNS, log);
  } catch (error) {
    log(`performance figures could not be measured, the report has none: ${(error as Error).message.split('\n')[0]}`);
    return;
  }
  const report = readReportFile(join(outDir, 'report.json'));
  report.hosts = report.hosts.map((h) => ({ ...h, performance }));
  writeReports(report, outDir);
  log(`performance figures added to ${outDir}`);
}
