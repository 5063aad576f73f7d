// Rewrites a host's expected-failures baseline from a report (issue 6: the Codex row's
// baseline). Every FAIL of the report becomes an entry; the reason already written for a
// check is kept (it is a person's explanation, usually pointing at FINDINGS.md), a new
// failure gets "<guarantees>: <observed>". Entries for checks that no longer fail drop out.
// Usage: node dist/harness/adapters/codex/update-baseline.js <report.json> <baseline.json> [host]
import { existsSync, realpathSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { readExpectedFailures, type ExpectedFailures } from '../../report/expected-failures.js';
import { ReportError } from '../../report/report-error.js';
import { readReportFile } from '../../report/report-file.js';
import type { Report } from '../../report/schema.js';

const REASON_CAP = 300;

export function baselineFrom(report: Report, host: string, previous: ExpectedFailures | null): ExpectedFailures {
  const run = report.hosts.find((h) => h.run.host.name === host);
  if (run === undefined) throw new ReportError('BASELINE_HOST_MISMATCH', `the report holds no host "${host}"`);
  const reasons = new Map((previous?.failures ?? []).map((f) => [f.check, f.reason]));
  const failures = run.checks
    .filter((c) => c.verdict === 'FAIL')
    .map((c) => ({ check: c.id, reason: reasons.get(c.id) ?? `${c.guarantees.join(', ')}: ${c.observed.split('\n')[0]?.slice(0, REASON_CAP) ?? ''}` }));
  return { host, failures };
}

function main(argv: string[]): void {
  const [reportFile, baselineFile, host = 'codex'] = argv;
  if (reportFile === undefined || baselineFile === undefined) {
    process.stderr.write('usage: update-baseline <report.json> <baseline.json> [host]\n');
    process.exitCode = 2;
    return;
  }
  try {
    const previous = existsSync(baselineFile) ? readExpectedFailures(baselineFile) : null;
    const next = baselineFrom(readReportFile(reportFile), host, previous);
    writeFileSync(baselineFile, `${JSON.stringify(next, null, 2)}\n`);
    process.stdout.write(`${baselineFile}: ${next.failures.length} expected failure(s) of ${host}\n`);
  } catch (error) {
    if (!(error instanceof ReportError)) throw error;
    process.stderr.write(`update-baseline: ${error.message}\n`);
    process.exitCode = 2;
  }
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(realpathSync(entry)).href) main(process.argv.slice(2));
