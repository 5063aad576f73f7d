// `mcp-host-conformance report reruns REPORT.json --host NAME [--expected-failures FILE]`: the
// scenarios to run once more before the host's baseline is rewritten from REPORT, one per line on
// stdout (for .ci/host-row.sh); on stderr, each check that asks for it and why.
import { type CommandIo, withInputErrors } from '../report/command-io.js';
import { checksToReproduce, FAILING, readExpectedFailures } from '../report/expected-failures.js';
import { readReportFile } from '../report/report-file.js';

export function runReportReruns(reportFile: string, host: string, baselineFile: string | undefined, io: CommandIo): number {
  return withInputErrors(io, () => {
    const previous = baselineFile === undefined ? null : readExpectedFailures(baselineFile, host);
    const checks = checksToReproduce(readReportFile(reportFile), host, previous);
    for (const c of checks) io.stderr(`${c.id}: ${c.verdict}, ${FAILING.has(c.verdict) ? 'not in the baseline' : 'listed in the baseline as a failure'}\n`);
    for (const scenario of [...new Set(checks.map((c) => c.scenario))].sort()) io.stdout(`${scenario}\n`);
    return 0;
  });
}
