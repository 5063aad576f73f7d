// `mcp-host-conformance report merge A.json B.json ... -o DIR [--required-by spec]`: several
// hosts or shards into one matrix, written in all four formats; --required-by narrows the
// inputs to the checks of guarantees the MCP specification asks (one report works too).
import type { RequiredBy } from '../catalogue/source-schema.js';
import { type CommandIo, withInputErrors } from '../report/command-io.js';
import { mergeReports } from '../report/merge.js';
import { narrowReport } from '../report/narrow.js';
import { ReportError } from '../report/report-error.js';
import { readReportFile } from '../report/report-file.js';
import { countVerdicts, formatCounts, hostLabel } from '../report/summary.js';
import { writeReports } from '../report/write-reports.js';

export function runReportMerge(files: readonly string[], outDir: string, io: CommandIo, requiredBy: RequiredBy = 'catalogue'): number {
  return withInputErrors(io, () => {
    const inputs = files.map(readReportFile);
    const narrowed = inputs.map((r) => narrowReport(r, requiredBy));
    const merged = mergeReports(
      narrowed.map((n) => n.report),
      files,
    );
    if (requiredBy !== 'catalogue') {
      const before = inputs.reduce((n, r) => n + r.hosts.reduce((m, h) => m + h.checks.length, 0), 0);
      const after = merged.hosts.reduce((n, h) => n + h.checks.length, 0);
      if (after === 0) throw new ReportError('NARROW_EMPTY', `--required-by ${requiredBy}: none of the ${before} checks observes a guarantee the specification asks`);
      const filled = new Set(narrowed.flatMap((n) => n.sourcesFromCatalogue));
      io.stdout(`--required-by ${requiredBy}: kept ${after} of ${before} checks${filled.size === 0 ? '' : ` (${filled.size} guarantees had no sources in the report; the current catalogue's were used)`}\n`);
    }
    const paths = writeReports(merged, outDir);
    for (const host of merged.hosts) io.stdout(`${hostLabel(host)}: ${formatCounts(countVerdicts(host.checks))}\n`);
    io.stdout(`wrote ${paths.html}\n      ${paths.markdown}\n      ${paths.junit}\n      ${paths.json}\n`);
    return 0;
  });
}
