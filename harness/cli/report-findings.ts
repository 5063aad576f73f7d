// `mcp-host-conformance report findings REPORT.json --host NAME --into FINDINGS.md`: writes the
// host's findings into FINDINGS.md between its markers, keeping the maintainer's notes around them.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type CommandIo, withInputErrors, writeOutputFile } from '../report/command-io.js';
import { renderFindingsBlock, withFindingsBlock } from '../report/findings-doc.js';
import { readReportFile } from '../report/report-file.js';

export function runReportFindings(reportFile: string, host: string, into: string, io: CommandIo): number {
  return withInputErrors(io, () => {
    // The repro commands name the report a reader of FINDINGS.md has: the one beside it (reports/HOST/), else the one read.
    const beside = join(dirname(into), 'report.json');
    const block = renderFindingsBlock(readReportFile(reportFile), host, existsSync(beside) ? beside : reportFile);
    const before = existsSync(into) ? readFileSync(into, 'utf8') : `# ${host}: findings\n`;
    writeOutputFile(into, withFindingsBlock(before, block));
    io.stdout(`${into}: findings of ${host} written from ${reportFile}\n`);
    return 0;
  });
}
