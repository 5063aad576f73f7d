// A report and a rerun of some of its scenarios as one report (issue 25, flake discipline): a
// check whose verdict is the same in both runs keeps its first result; one whose verdict differs
// becomes FLAKY, with each run's verdict, observation and evidence in `runs`, so it is shown, and
// later committed, as neither FAIL nor PASS. Run metadata stays the first run's; the rerun's own
// folder keeps its report.
import { hostKey } from './merge.js';
import { ReportError } from './report-error.js';
import type { CheckResult, Report, RunOutcome } from './schema.js';
import { hostLabel } from './summary.js';

/** Each run of a check: its `runs` when FLAKY, else its one result. */
export function runsOf(check: CheckResult): RunOutcome[] {
  if (check.runs !== undefined) return check.runs;
  if (check.verdict === 'FLAKY') throw new ReportError('REPORT_INVALID', `check ${check.id} is FLAKY without its runs`);
  return [{ verdict: check.verdict, observed: check.observed, durationMs: check.durationMs, evidence: check.evidence }];
}

/** "FAIL then PASS": the verdict of each run, in the order run. */
export function outcomesOf(check: CheckResult): string {
  return runsOf(check)
    .map((r) => r.verdict)
    .join(' then ');
}

function combined(first: CheckResult, again: CheckResult): CheckResult {
  const runs = [...runsOf(first), ...runsOf(again)];
  if (new Set(runs.map((r) => r.verdict)).size === 1) return first;
  const flaky: CheckResult = { ...first, verdict: 'FLAKY', evidence: [], runs };
  return { ...flaky, observed: `${outcomesOf(flaky)}: the verdict differed between runs of the scenario` };
}

/**
 * `first` with `again`'s checks combined into it. `againSource` (a file name) only makes errors
 * name the input. Every host and check of `again` must be in `first`: a rerun repeats scenarios.
 */
export function withRerun(first: Report, again: Report, againSource = 'the rerun'): Report {
  const hosts = first.hosts.map((h) => ({ ...h, checks: [...h.checks] }));
  for (const run of again.hosts) {
    const host = hosts.find((h) => hostKey(h) === hostKey(run));
    if (host === undefined) throw new ReportError('RERUN_MISMATCH', `${againSource}: host ${hostLabel(run)} is not in the first report`);
    const at = new Map(host.checks.map((c, i) => [c.id, i]));
    for (const check of run.checks) {
      const i = at.get(check.id);
      if (i === undefined)
        throw new ReportError(
          'RERUN_MISMATCH',
          `${againSource}: check ${check.id} of ${hostLabel(run)} is not in the first report (a rerun repeats its scenarios)`,
        );
      host.checks[i] = combined(host.checks[i] as CheckResult, check);
    }
  }
  return { ...first, hosts };
}
