// `report merge --required-by` / `--tier`: an existing report narrowed to the checks of guarantees
// the MCP specification itself asks (issue 16, part 4), or of some tiers (issue 25), as `run`
// with the same options would have graded.
// A report written before guarantees carried sources is narrowed by the current catalogue's
// sources for the same IDs, which are copied into it so the result says what it used.
import { guaranteeById, isRequiredBy } from '../catalogue/guarantees.js';
import { REQUIRED_BY, type RequiredBy } from '../catalogue/source-schema.js';
import type { Guarantee, Report } from './schema.js';
import { TIERS, type Tier } from '../catalogue/tiers.js';
import { checkTier } from './tier-view.js';

export interface NarrowedReport {
  report: Report;
  /** Guarantee IDs whose sources came from the current catalogue (the report had none). */
  sourcesFromCatalogue: string[];
}

/** The narrower of two scopes: a narrowed report is never widened again. */
function narrower(a: RequiredBy, b: RequiredBy): RequiredBy {
  return REQUIRED_BY.indexOf(a) >= REQUIRED_BY.indexOf(b) ? a : b;
}

export function narrowReport(report: Report, scope: RequiredBy, tiers: readonly Tier[] = TIERS): NarrowedReport {
  if (scope === 'catalogue' && tiers.length === TIERS.length) return { report, sourcesFromCatalogue: [] };
  const sourcesFromCatalogue: string[] = [];
  const guarantees = report.guarantees.map((g): Guarantee => {
    const current = g.sources === undefined ? guaranteeById(g.id)?.sources : undefined;
    if (current === undefined) return g;
    sourcesFromCatalogue.push(g.id);
    return { ...g, sources: current };
  });
  const byId = new Map(guarantees.map((g) => [g.id, g]));
  // A diff against a previous report counted every check: it says nothing of the narrowed ones.
  const hosts = report.hosts.map(({ sincePrevious: _wholeRun, ...h }) => ({
    ...h,
    run: { ...h.run, requiredBy: narrower(h.run.requiredBy, scope), tiers: h.run.tiers.filter((t) => tiers.includes(t)) },
    checks: h.checks.filter((c) => c.guarantees.some((id) => isRequiredBy(byId.get(id), scope)) && tiers.includes(checkTier(c, byId))),
  }));
  return { report: { ...report, guarantees, hosts }, sourcesFromCatalogue };
}
