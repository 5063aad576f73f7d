// How one source mutant of refhost fared against the suite (issue 13): caught when a check of
// the guarantee it breaks FAILs (or is NON-STRICT), caught elsewhere when only checks of
// other guarantees do, harness error when the run itself broke, survived when every check
// passed, argued when it survived and its entry says why that is no breach of the catalogue's
// words in any setting the suite gives a host (issue 26). A failure that did not repeat in the
// confirming run is flaky and does not count.
import type { CheckResult } from '../harness/report/schema.js';

export const MUTANT_VERDICTS = ['caught', 'caught elsewhere', 'harness error', 'survived', 'argued'] as const;
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

/** A survivor whose mutant carries an argument is argued; every other verdict stands. */
export function withArgument(verdict: MutantVerdict, argued: string | undefined): MutantVerdict {
  return verdict === 'survived' && argued !== undefined ? 'argued' : verdict;
}

/** `mutants: N caught, N caught elsewhere, N survived (of N)` (plus argued and harness errors when any). */
export function summaryLine(verdicts: readonly MutantVerdict[]): string {
  const count = (v: MutantVerdict): number => verdicts.filter((x) => x === v).length;
  const errors = count('harness error');
  const argued = count('argued');
  return (
    `mutants: ${count('caught')} caught, ${count('caught elsewhere')} caught elsewhere, ${count('survived')} survived` +
    `${argued > 0 ? `, ${argued} argued` : ''}${errors > 0 ? `, ${errors} harness error` : ''} (of ${verdicts.length})`
  );
}

/**
 * Each guarantee group's catch rate, as issue 26 measures it: caught (by a check of the broken
 * guarantee) out of the group's mutants that are not argued, e.g. `CRED 21/21 (4 argued)`.
 */
export function groupLine(records: readonly { guarantee: string; verdict: MutantVerdict }[]): string {
  const groups = new Map<string, { caught: number; counted: number; argued: number }>();
  for (const { guarantee, verdict } of records) {
    const group = guarantee.replace(/-\d+$/, '');
    const g = groups.get(group) ?? { caught: 0, counted: 0, argued: 0 };
    if (verdict === 'argued') g.argued += 1;
    else g.counted += 1;
    if (verdict === 'caught') g.caught += 1;
    groups.set(group, g);
  }
  const cells = [...groups].map(([group, g]) => `${group} ${g.caught}/${g.counted}${g.argued > 0 ? ` (${g.argued} argued)` : ''}`);
  return `by group: ${cells.join(', ')}`;
}
