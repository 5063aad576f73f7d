// `mcp-host-conformance report diff OLD.json NEW.json`: regressions and improvements by
// check and host; exit 1 when anything regressed (2 for bad input).
import { type CommandIo, withInputErrors } from '../report/command-io.js';
import { diffReports, formatDiff } from '../report/diff.js';
import { readReportFile } from '../report/report-file.js';

export function runReportDiff(oldFile: string, newFile: string, io: CommandIo): number {
  return withInputErrors(io, () => {
    const diff = diffReports(readReportFile(oldFile), readReportFile(newFile));
    io.stdout(`${formatDiff(diff)}\n`);
    return diff.regressions.length > 0 ? 1 : 0;
  });
}
