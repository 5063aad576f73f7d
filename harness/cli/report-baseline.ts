// `mcp-host-conformance report baseline REPORT.json --host NAME -o FILE`: writes (or
// refreshes) the expected-failures baseline of one host from a report, keeping the reasons
// already written in FILE. Used for the Codex row; works for any host. FILE.yaml (or .yml) is
// read and written in the official conformance suite's format.
import { existsSync } from 'node:fs';
import { type CommandIo, withInputErrors, writeOutputFile } from '../report/command-io.js';
import { baselineFrom, readExpectedFailures, renderExpectedFailures } from '../report/expected-failures.js';
import { readReportFile } from '../report/report-file.js';

export function runReportBaseline(reportFile: string, host: string, baselineFile: string, io: CommandIo): number {
  return withInputErrors(io, () => {
    const previous = existsSync(baselineFile) ? readExpectedFailures(baselineFile, host) : null;
    const next = baselineFrom(readReportFile(reportFile), host, previous);
    writeOutputFile(baselineFile, renderExpectedFailures(next, baselineFile));
    io.stdout(`${baselineFile}: ${next.failures.length} expected failure(s) of ${host}\n`);
    return 0;
  });
}
