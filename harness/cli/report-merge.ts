// `mcp-host-conformance report merge A.json B.json ... -o DIR`: several hosts or shards
// into one matrix, written in all four formats.
import { type CommandIo, withInputErrors } from '../report/command-io.js';
import { mergeReports } from '../report/merge.js';
import { readReportFile } from '../report/report-file.js';
import { countVerdicts, formatCounts, hostLabel } from '../report/summary.js';
import { writeReports } from '../report/write-reports.js';

export function runReportMerge(files: readonly string[], outDir: string, io: CommandIo): number {
  return withInputErrors(io, () => {
    const merged = mergeReports(files.map(readReportFile), files);
    const paths = writeReports(merged, outDir);
    for (const host of merged.hosts) io.stdout(`${hostLabel(host)}: ${formatCounts(countVerdicts(host.checks))}\n`);
    io.stdout(`wrote ${paths.html}\n      ${paths.markdown}\n      ${paths.junit}\n      ${paths.json}\n`);
    return 0;
  });
}
