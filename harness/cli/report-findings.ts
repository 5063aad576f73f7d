// `mcp-host-conformance report findings REPORT.json --host NAME --into FINDINGS.md`: writes the
// host's findings into FINDINGS.md between its markers, keeping the maintainer's notes around them.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { type CommandIo, withInputErrors } from '../report/command-io.js';
import { renderFindingsBlock, withFindingsBlock } from '../report/findings-doc.js';
import { readReportFile } from '../report/report-file.js';

export function runReportFindings(reportFile: string, host: string, into: string, io: CommandIo): number {
  return withInputErrors(io, () => {
    const block = renderFindingsBlock(readReportFile(reportFile), host);
    const before = existsSync(into) ? readFileSync(into, 'utf8') : `# ${host}: findings\n`;
    writeFileSync(into, withFindingsBlock(before, block));
    io.stdout(`${into}: findings of ${host} written from ${reportFile}\n`);
    return 0;
  });
}
