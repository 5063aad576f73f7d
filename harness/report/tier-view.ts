// Counts by tier (issue 25) for every writer: a check weighs as its most demanding guarantee,
// and every headline says what the specification asks and what exposes the user apart from the
// catalogue's own contract. Reports written before tiers take them from the current catalogue.
import { guaranteeById } from '../catalogue/guarantees.js';
import { DEFAULT_VIEW, highestTier, TIER_TITLES, TIERS, type Tier } from '../catalogue/tiers.js';
import type { CheckResult, Guarantee } from './schema.js';
import { countVerdicts, formatCounts, type VerdictCounts } from './summary.js';

/** A guarantee's tier: the report's record, else the current catalogue's for the same ID. */
export function guaranteeTier(id: string, catalogue: ReadonlyMap<string, Pick<Guarantee, 'tier'>>): Tier {
  return catalogue.get(id)?.tier ?? guaranteeById(id)?.tier ?? 'contract';
}

export function checkTier(check: Pick<CheckResult, 'guarantees'>, catalogue: ReadonlyMap<string, Pick<Guarantee, 'tier'>>): Tier {
  return highestTier(check.guarantees.map((id) => guaranteeTier(id, catalogue)));
}

export function countsByTier(checks: readonly CheckResult[], catalogue: ReadonlyMap<string, Pick<Guarantee, 'tier'>>): Record<Tier, VerdictCounts> {
  const out = Object.fromEntries(TIERS.map((t) => [t, countVerdicts(checks.filter((c) => checkTier(c, catalogue) === t))]));
  return out as Record<Tier, VerdictCounts>;
}

/**
 * "spec and safety: 2 FAIL · 90 PASS; contract: 30 FAIL · 40 PASS": the default view first, then
 * the catalogue's contract, each with its own counts ("none" when a side has no check).
 */
export function tierHeadline(checks: readonly CheckResult[], catalogue: ReadonlyMap<string, Pick<Guarantee, 'tier'>>): string {
  const inView = checks.filter((c) => DEFAULT_VIEW.includes(checkTier(c, catalogue)));
  const contract = checks.filter((c) => !DEFAULT_VIEW.includes(checkTier(c, catalogue)));
  return `spec and safety: ${formatCounts(countVerdicts(inView))}; contract: ${formatCounts(countVerdicts(contract))}`;
}

/** "spec MUST 1 FAIL · 9 PASS | spec SHOULD ... ": one line per tier that has checks. */
export function tierLines(
  checks: readonly CheckResult[],
  catalogue: ReadonlyMap<string, Pick<Guarantee, 'tier'>>,
): { tier: Tier; title: string; counts: VerdictCounts; total: number }[] {
  const byTier = countsByTier(checks, catalogue);
  return TIERS.map((tier) => ({ tier, title: TIER_TITLES[tier], counts: byTier[tier], total: Object.values(byTier[tier]).reduce((a, b) => a + b, 0) })).filter(
    (l) => l.total > 0,
  );
}
