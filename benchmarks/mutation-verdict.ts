// How one source mutant of refhost fared against the suite (issue 13): caught when a check of
// the guarantee it breaks FAILs (or is NON-STRICT), caught elsewhere when only checks of
// other guarantees do, harness error when the run itself broke, survived when every check
// passed. A failure that did not repeat in the confirming run is flaky and does not count.
import type { CheckResult } from '../harness/report/schema.js';

export const MUTANT_VERDICTS = ['caught', 'caught elsewhere', 'harness error', 'survived'] as const;
export type MutantVerdict = (typeof MUTANT_VERDICTS)[number];

export interface FailingCheck {
  id: string;
  guarantees: string[];
  verdict: string;
  observed: string;
}

export interface MutantOutcome {
  verdict: MutantVerdict;
  /** Checks that failed in the run and again in the confirming run. */
  failing: FailingCheck[];
  /** Checks that failed once and passed when the scenario was run again. */
  flaky: string[];
  /** HARNESS-ERROR checks and runs that threw. */
  harnessErrors: string[];
}

const OBSERVED_CHARS = 240;

export const isFailing = (result: Pick<CheckResult, 'verdict'>): boolean => result.verdict === 'FAIL' || result.verdict === 'NON-STRICT';

function failingCheck(result: CheckResult): FailingCheck {
  const observed = result.observed.replace(/\s+/g, ' ');
  return {
    id: result.id,
    guarantees: result.guarantees,
    verdict: result.verdict,
    observed: observed.length > OBSERVED_CHARS ? `${observed.slice(0, OBSERVED_CHARS)}…` : observed,
  };
}

/**
 * `first`: every check of the run; `confirm`: the checks of the scenarios run again because
 * something failed in them; `runErrors`: scenarios whose run threw.
 */
export function classifyMutant(
  guarantee: string,
  first: readonly CheckResult[],
  confirm: readonly CheckResult[],
  runErrors: readonly string[] = [],
): MutantOutcome {
  const again = new Map(confirm.map((r) => [r.id, r]));
  const failedFirst = first.filter(isFailing);
  const failing = failedFirst.filter((r) => again.get(r.id) === undefined || isFailing(again.get(r.id) as CheckResult)).map(failingCheck);
  const flaky = failedFirst.filter((r) => !failing.some((f) => f.id === r.id)).map((r) => r.id);
  const harnessErrors = [...runErrors, ...first.filter((r) => r.verdict === 'HARNESS-ERROR').map((r) => `${r.id}: ${r.observed}`)];
  const verdict: MutantVerdict = failing.some((f) => f.guarantees.includes(guarantee))
    ? 'caught'
    : harnessErrors.length > 0
      ? 'harness error'
      : failing.length > 0
        ? 'caught elsewhere'
        : 'survived';
  return { verdict, failing, flaky, harnessErrors };
}

/** `mutants: N caught, N caught elsewhere, N survived (of N)` (plus harness errors when any). */
export function summaryLine(verdicts: readonly MutantVerdict[]): string {
  const count = (v: MutantVerdict): number => verdicts.filter((x) => x === v).length;
  const errors = count('harness error');
  return (
    `mutants: ${count('caught')} caught, ${count('caught elsewhere')} caught elsewhere, ${count('survived')} survived` +
    `${errors > 0 ? `, ${errors} harness error` : ''} (of ${verdicts.length})`
  );
}
