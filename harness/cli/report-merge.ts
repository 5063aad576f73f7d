// `mcp-host-conformance report merge A.json B.json ... -o DIR [--required-by spec] [--tier T,...] [--again RERUN.json] [--previous OLD.json ...]`:
// several hosts or shards into one matrix, written in all four formats; --required-by narrows the
// inputs to the checks of guarantees the MCP specification asks (one report works too); --again
// combines a rerun of some scenarios into it, a check whose verdict differed becoming FLAKY;
// --previous diffs each host of an earlier report (its previous version's) against its column.
import type { RequiredBy } from '../catalogue/source-schema.js';
import { TIERS, type Tier } from '../catalogue/tiers.js';
import { type CommandIo, withInputErrors } from '../report/command-io.js';
import { mergeReports } from '../report/merge.js';
import { narrowReport } from '../report/narrow.js';
import { ReportError } from '../report/report-error.js';
import { readReportFile } from '../report/report-file.js';
import { outcomesOf, withRerun } from '../report/rerun.js';
import { sincePreviousLine, withPrevious } from '../report/since-previous.js';
import { catalogueMap, countVerdicts, formatCounts, hostLabel } from '../report/summary.js';
import { tierHeadline } from '../report/tier-view.js';
import { writeReports } from '../report/write-reports.js';

export interface MergeOptions {
  requiredBy?: RequiredBy;
  tiers?: readonly Tier[];
  /** A rerun of some of the scenarios (`--again`). */
  again?: string;
  /** Earlier reports of some of the hosts (`--previous`), each diffed against its column. */
  previous?: readonly string[];
}

export function runReportMerge(files: readonly string[], outDir: string, io: CommandIo, options: MergeOptions = {}): number {
  const { requiredBy = 'catalogue', tiers = TIERS, again, previous = [] } = options;
  return withInputErrors(io, () => {
    const inputs = files.map(readReportFile);
    const narrowed = inputs.map((r) => narrowReport(r, requiredBy, tiers));
    const firstRuns = mergeReports(
      narrowed.map((n) => n.report),
      files,
    );
    const combined = again === undefined ? firstRuns : withRerun(firstRuns, narrowReport(readReportFile(again), requiredBy, tiers).report, again);
    // The previous reports narrowed alike, so the diff counts the same checks.
    const merged = withPrevious(
      combined,
      previous.map((f) => narrowReport(readReportFile(f), requiredBy, tiers).report),
      previous,
    );
    if (requiredBy !== 'catalogue' || tiers.length < TIERS.length) {
      const flags = [
        ...(requiredBy === 'catalogue' ? [] : [`--required-by ${requiredBy}`]),
        ...(tiers.length < TIERS.length ? [`--tier ${tiers.join(',')}`] : []),
      ].join(' ');
      const before = inputs.reduce((n, r) => n + r.hosts.reduce((m, h) => m + h.checks.length, 0), 0);
      const after = merged.hosts.reduce((n, h) => n + h.checks.length, 0);
      const asked = [
        ...(requiredBy === 'catalogue' ? [] : ['observes a guarantee the specification asks']),
        ...(tiers.length < TIERS.length ? [`is of tier ${tiers.join(' or ')}`] : []),
      ];
      if (after === 0) throw new ReportError('NARROW_EMPTY', `${flags}: none of the ${before} checks ${asked.join(' and ')}`);
      const filled = new Set(narrowed.flatMap((n) => n.sourcesFromCatalogue));
      io.stdout(
        `${flags}: kept ${after} of ${before} checks${filled.size === 0 ? '' : ` (${filled.size} guarantees had no sources in the report; the current catalogue's were used)`}\n`,
      );
    }
    const paths = writeReports(merged, outDir);
    for (const host of merged.hosts) {
      io.stdout(`${hostLabel(host)}: ${formatCounts(countVerdicts(host.checks))} (${tierHeadline(host.checks, catalogueMap(merged))})\n`);
      for (const c of host.checks.filter((c) => c.verdict === 'FLAKY')) io.stdout(`  FLAKY ${c.id}: ${outcomesOf(c)}\n`);
      if (host.sincePrevious !== undefined) io.stdout(`  ${sincePreviousLine(host.sincePrevious)}\n`);
    }
    io.stdout(`wrote ${paths.html}\n      ${paths.markdown}\n      ${paths.junit}\n      ${paths.json}\n`);
    return 0;
  });
}
