// Known failures of a host, judged four ways as the official MCP conformance suite does:
// failing + listed = ok (expected), failing + unlisted = not ok (unexpected),
// passing + listed = not ok (stale: the entry must go), passing + unlisted = ok.
// An entry marked `flaky` (its verdict was seen to differ between runs, both outcomes named)
// is tolerated either way and reported apart: a check whose outcome varies is committed as
// neither FAIL nor PASS.
// "Failing" is FAIL or BLOCKED; "passing" is PASS, NON-STRICT or INFO (conformant). A listed check
// that did not run, or ended UNSUPPORTED, HARNESS-ERROR or FLAKY, tells nothing either way: it is
// returned as undetermined and does not change ok.
// A baseline is rewritten only from failures that reproduced: the scenarios whose checks
// disagree with the old baseline run once more first (checksToReproduce), the rerun is
// combined into the report (rerun.ts), and a check whose verdict differed is written as flaky.
import { z } from 'zod';
import { ReportError } from './report-error.js';
import { readJsonFile } from './report-file.js';
import { outcomesOf, runsOf } from './rerun.js';
import type { CheckResult, HostRun, Report, RunOutcome, Verdict } from './schema.js';

// Strict: a misspelt field ("failure", "reasons") is a mistake to report, never ignored.
export const ExpectedFailuresSchema = z.strictObject({
  host: z.string().min(1),
  failures: z.array(z.strictObject({ check: z.string().min(1), reason: z.string().min(1), flaky: z.string().min(1).optional() })),
});
export type ExpectedFailures = z.infer<typeof ExpectedFailuresSchema>;

export interface ExpectedFailureEntry {
  check: string;
  verdict: Verdict | null;
  /** The baseline's reason (null for an unexpected failure). */
  reason: string | null;
}

export interface ExpectedFailuresOutcome {
  ok: boolean;
  /** Listed and failing: tolerated. */
  expected: ExpectedFailureEntry[];
  /** Failing and not listed. */
  unexpected: ExpectedFailureEntry[];
  /** Listed but now passing: the baseline entry must be removed. */
  stale: ExpectedFailureEntry[];
  /** Listed but not run, UNSUPPORTED or HARNESS-ERROR. */
  undetermined: ExpectedFailureEntry[];
  /** Listed as flaky and passing this time: tolerated, and said. */
  flaky: ExpectedFailureEntry[];
}

export function readExpectedFailures(file: string): ExpectedFailures {
  return readJsonFile(file, ExpectedFailuresSchema, 'expected-failures file');
}

const PASSING: ReadonlySet<Verdict> = new Set(['PASS', 'NON-STRICT', 'INFO']);
/** Not conformant, and the host's own: a FAIL, or a check its earlier failure kept from looking. */
export const FAILING: ReadonlySet<Verdict> = new Set(['FAIL', 'BLOCKED']);

function hostRunFor(report: Report, host: string): HostRun {
  const run = report.hosts.find((h) => h.run.host.name === host);
  if (!run) {
    const names = report.hosts.map((h) => h.run.host.name).join(', ');
    throw new ReportError('BASELINE_HOST_MISMATCH', `expected failures are for host "${host}" but the report holds ${names}`);
  }
  return run;
}

export function applyExpectedFailures(report: Report, baseline: ExpectedFailures): ExpectedFailuresOutcome {
  const run = hostRunFor(report, baseline.host);
  const listed = new Map(baseline.failures.map((f) => [f.check, f.reason]));
  const flaky = new Set(baseline.failures.filter((f) => f.flaky !== undefined).map((f) => f.check));
  const verdicts = new Map(run.checks.map((c) => [c.id, c.verdict]));
  const outcome: ExpectedFailuresOutcome = { ok: true, expected: [], unexpected: [], stale: [], undetermined: [], flaky: [] };
  for (const check of run.checks) {
    if (FAILING.has(check.verdict) && !listed.has(check.id)) {
      outcome.unexpected.push({ check: check.id, verdict: check.verdict, reason: null });
    }
  }
  for (const [check, reason] of listed) {
    const verdict = verdicts.get(check) ?? null;
    const entry = { check, verdict, reason };
    if (verdict !== null && FAILING.has(verdict)) outcome.expected.push(entry);
    else if (verdict !== null && PASSING.has(verdict)) (flaky.has(check) ? outcome.flaky : outcome.stale).push(entry);
    else outcome.undetermined.push(entry);
  }
  outcome.ok = outcome.unexpected.length === 0 && outcome.stale.length === 0;
  return outcome;
}

/**
 * The checks whose scenarios run once more before `report`'s failures of `host` become its
 * baseline: a failing check `previous` does not list, or a listed check that passed (an entry
 * about to drop out). A flaky entry is tolerated either way and asks for nothing; without a
 * baseline every failing check is new.
 */
export function checksToReproduce(report: Report, host: string, previous: ExpectedFailures | null): CheckResult[] {
  if (previous !== null && previous.host !== host)
    throw new ReportError('BASELINE_HOST_MISMATCH', `the expected-failures file is for host "${previous.host}", not "${host}"`);
  const outcome = applyExpectedFailures(report, previous ?? { host, failures: [] });
  const differing = new Set([...outcome.unexpected, ...outcome.stale].map((e) => e.check));
  return hostRunFor(report, host).checks.filter((c) => differing.has(c.id));
}

const REASON_CAP = 300;

/** A FAIL or BLOCKED, or a FLAKY check with one in its runs: the run that failed, else null. */
function failingRun(check: CheckResult): RunOutcome | null {
  return runsOf(check).find((r) => FAILING.has(r.verdict)) ?? null;
}

/** A baseline from a report: every failure of `host` listed, a FLAKY check that failed in one
 * of its runs as `flaky` naming its outcomes ("FAIL then PASS"); a reason already written for a
 * check is kept (a person's explanation), a new one gets "<guarantees>: <observed of the failing
 * run>"; entries for checks that no longer fail drop out. */
export function baselineFrom(report: Report, host: string, previous: ExpectedFailures | null): ExpectedFailures {
  const run = report.hosts.find((h) => h.run.host.name === host);
  if (run === undefined) throw new ReportError('BASELINE_HOST_MISMATCH', `the report holds no host "${host}"`);
  const before = new Map((previous?.failures ?? []).map((f) => [f.check, f]));
  // A flaky entry is a person's finding that the outcome varies: it stays whichever way this run went.
  const failures = run.checks.flatMap((c) => {
    const known = before.get(c.id);
    const failed = failingRun(c);
    if (failed === null && known?.flaky === undefined) return [];
    const flaky = known?.flaky ?? (c.verdict === 'FLAKY' ? outcomesOf(c) : undefined);
    const reason = known?.reason ?? `${c.guarantees.join(', ')}: ${(failed ?? c).observed.split('\n')[0]?.slice(0, REASON_CAP) ?? ''}`;
    return [{ check: c.id, reason, ...(flaky === undefined ? {} : { flaky }) }];
  });
  return { host, failures };
}
