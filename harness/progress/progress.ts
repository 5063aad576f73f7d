// Progress while a conformance run goes: on a terminal one live line (rewritten with \r)
// with done/total, failures so far and what is running; in CI (CI set, or not a TTY)
// plain lines, one per finished scenario. At the end a summary table and the report paths.
import { emptyCounts, formatCounts, VERDICT_ORDER, type VerdictCounts } from '../report/summary.js';
import { visibleControls } from '../report/text.js';

export interface ProgressOutput {
  write(chunk: string): unknown;
  /** Terminal width, when known (a tty.WriteStream has it). */
  columns?: number;
}

export interface ProgressOptions {
  /** How many scenarios the run will finish. */
  total: number;
  isTTY: boolean;
  out: ProgressOutput;
  env?: NodeJS.ProcessEnv;
  /** Clock for the elapsed time shown at the end (tests pass a fixed one). */
  now?: () => number;
}

export interface Progress {
  start(scenario: string): void;
  finish(scenario: string, verdicts: Partial<VerdictCounts>): void;
  /** Clears the live line, prints the summary table and where the reports are. */
  end(reportPaths?: readonly string[]): void;
}

const CLEAR_LINE = '\r\u001b[2K';

export function createProgress(options: ProgressOptions): Progress {
  const { total, out } = options;
  const env = options.env ?? process.env;
  const now = options.now ?? Date.now;
  const live = options.isTTY && !env.CI;
  const startedAt = now();
  const totals = emptyCounts();
  const running = new Set<string>();
  let done = 0;
  const width = String(total).length;
  const counter = (): string => `[${String(done).padStart(width)}/${total}]`;

  const failuresSoFar = (): string => {
    const parts = [`${totals.FAIL} failed`];
    if (totals.BLOCKED > 0) parts.push(`${totals.BLOCKED} blocked`);
    if (totals['HARNESS-ERROR'] > 0) parts.push(`${totals['HARNESS-ERROR']} harness errors`);
    return parts.join(', ');
  };

  const draw = (): void => {
    const names = [...running].map(visibleControls).join(', ');
    const line = `${counter()} ${failuresSoFar()}${names ? ` · running ${names}` : ''}`;
    const max = Math.max(20, (out.columns ?? 80) - 1);
    out.write(CLEAR_LINE + (line.length > max ? `${line.slice(0, max - 1)}…` : line));
  };

  return {
    start(scenario) {
      running.add(scenario);
      if (live) draw();
    },
    finish(scenario, verdicts) {
      running.delete(scenario);
      done += 1;
      const counts = { ...emptyCounts(), ...verdicts };
      for (const v of VERDICT_ORDER) totals[v] += counts[v];
      const summary = `${visibleControls(scenario)}: ${formatCounts(counts)}`;
      if (!live) {
        out.write(`${counter()} ${summary}\n`);
        return;
      }
      // Failing scenarios stay on screen above the live line.
      if (counts.FAIL > 0 || counts.BLOCKED > 0 || counts['HARNESS-ERROR'] > 0) out.write(`${CLEAR_LINE}✗ ${summary}\n`);
      draw();
    },
    end(reportPaths = []) {
      if (live) out.write(CLEAR_LINE);
      out.write(summaryTable(totals, done, total, now() - startedAt, reportPaths));
    },
  };
}

// A run grades each check once, so it never gives FLAKY (only combining runs does): no row for it.
const ONE_RUN_ORDER = VERDICT_ORDER.filter((v) => v !== 'FLAKY');

/** The closing table: one row per verdict a run gives, the total, the scenario count and time, the report paths. */
export function summaryTable(counts: VerdictCounts, done: number, total: number, elapsedMs: number, reportPaths: readonly string[]): string {
  const rows: [string, number][] = [...ONE_RUN_ORDER.map((v): [string, number] => [v, counts[v]])];
  rows.push(['Total', ONE_RUN_ORDER.reduce((sum, v) => sum + counts[v], 0)]);
  const lines = ['', 'Verdict         Checks', ...rows.map(([name, n]) => `${name.padEnd(14)}${String(n).padStart(8)}`)];
  lines.push(`Scenarios: ${done}/${total} in ${(elapsedMs / 1000).toFixed(1)} s`);
  if (reportPaths.length > 0) lines.push('Reports:', ...reportPaths.map((p) => `  ${p}`));
  return `${lines.join('\n')}\n`;
}
