// `report merge --required-by`: an existing report narrowed to the checks of guarantees the
// MCP specification itself asks (issue 16, part 4), as `run --required-by` would have graded.
// A report written before guarantees carried sources is narrowed by the current catalogue's
// sources for the same IDs, which are copied into it so the result says what it used.
import { guaranteeById, isRequiredBy } from '../catalogue/guarantees.js';
import { REQUIRED_BY, type RequiredBy } from '../catalogue/source-schema.js';
import type { Guarantee, Report } from './schema.js';

export interface NarrowedReport {
  report: Report;
  /** Guarantee IDs whose sources came from the current catalogue (the report had none). */
  sourcesFromCatalogue: string[];
}

/** The narrower of two scopes: a narrowed report is never widened again. */
function narrower(a: RequiredBy, b: RequiredBy): RequiredBy {
  return REQUIRED_BY.indexOf(a) >= REQUIRED_BY.indexOf(b) ? a : b;
}

export function narrowReport(report: Report, scope: RequiredBy): NarrowedReport {
  if (scope === 'catalogue') return { report, sourcesFromCatalogue: [] };
  const sourcesFromCatalogue: string[] = [];
  const guarantees = report.guarantees.map((g): Guarantee => {
    const current = g.sources === undefined ? guaranteeById(g.id)?.sources : undefined;
    if (current === undefined) return g;
    sourcesFromCatalogue.push(g.id);
    return { ...g, sources: current };
  });
  const byId = new Map(guarantees.map((g) => [g.id, g]));
  const hosts = report.hosts.map((h) => ({
    ...h,
    run: { ...h.run, requiredBy: narrower(h.run.requiredBy, scope) },
    checks: h.checks.filter((c) => c.guarantees.some((id) => isRequiredBy(byId.get(id), scope))),
  }));
  return { report: { ...report, guarantees, hosts }, sourcesFromCatalogue };
}
