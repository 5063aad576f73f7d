// The data index.html embeds: the report rearranged as the matrix the page draws
// (groups -> rows of checks -> one cell per host), with group totals precomputed so the
// page's script only renders. Strings stay as the report has them; the page shows them as text.
// Each guarantee carries its seed passage and whether the specification asks it (issue 16).
import type { SeedSource } from '../catalogue/source-schema.js';
import type { CheckResult, Guarantee, Level, Report, RunMetadata, Verdict } from './schema.js';
import { specStatus, type SpecStatus } from './spec-status.js';
import { catalogueMap, checksByGroup, countVerdicts, hostLabel, VERDICT_ORDER, type VerdictCounts } from './summary.js';
import { tierLines } from './tier-view.js';

export interface MatrixRow {
  id: string;
  scenario: string;
  guarantees: string[];
  level: Level;
  /** One entry per host column: its result for this check, or null when that host did not run it. */
  cells: (CheckResult | null)[];
}

export interface MatrixGroup {
  name: string;
  totals: VerdictCounts[];
  rows: MatrixRow[];
}

export interface ReportView {
  generatedAt: string;
  verdicts: readonly Verdict[];
  /** Per host: its totals, and per tier with checks (issue 25), the tier's title and totals. */
  hosts: { label: string; run: RunMetadata; totals: VerdictCounts; tiers: { title: string; counts: VerdictCounts }[] }[];
  guarantees: Record<string, Pick<Guarantee, 'group' | 'level' | 'text'> & { spec: SpecStatus; seed: SeedSource | null }>;
  groups: MatrixGroup[];
}

export function buildReportView(report: Report): ReportView {
  const catalogue = catalogueMap(report);
  const perHost = report.hosts.map((h) => checksByGroup(report, h.checks));
  // Group order: the catalogue's, as checksByGroup sorts; a group only some hosts ran still appears.
  const groupNames = [
    ...new Set(
      checksByGroup(
        report,
        report.hosts.flatMap((h) => h.checks),
      ).keys(),
    ),
  ];
  const groups = groupNames.map((name): MatrixGroup => {
    const rows = new Map<string, MatrixRow>();
    perHost.forEach((byGroup, hostIndex) => {
      for (const check of byGroup.get(name) ?? []) {
        const row = rows.get(check.id) ?? {
          id: check.id,
          scenario: check.scenario,
          guarantees: check.guarantees,
          level: check.level,
          cells: report.hosts.map(() => null),
        };
        row.cells[hostIndex] = check;
        rows.set(check.id, row);
      }
    });
    return { name, totals: perHost.map((byGroup) => countVerdicts(byGroup.get(name) ?? [])), rows: [...rows.values()] };
  });
  const cited = new Set(report.hosts.flatMap((h) => h.checks.flatMap((c) => c.guarantees)));
  const guarantees: ReportView['guarantees'] = {};
  for (const id of cited) {
    const g = catalogue.get(id);
    if (g) guarantees[id] = { group: g.group, level: g.level, text: g.text, spec: specStatus(g), seed: g.sources?.seed ?? null };
  }
  return {
    generatedAt: report.generatedAt,
    verdicts: VERDICT_ORDER,
    hosts: report.hosts.map((h) => ({
      label: hostLabel(h),
      run: h.run,
      totals: countVerdicts(h.checks),
      tiers: tierLines(h.checks, catalogue).map((l) => ({ title: l.title, counts: l.counts })),
    })),
    guarantees,
    groups,
  };
}
