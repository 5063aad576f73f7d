// Compares a run's report with an answer key, for whoever writes a known-answer host:
//   node dist/harness/known-answer-hosts/compare-key.js REPORT.json ANSWER-KEY.json
// prints each contradiction and each pending entry, and exits 1 when there is a contradiction.
import { readReportFile } from '../report/report-file.js';
import { oneLine } from '../errors.js';
import { contradictions, loadAnswerKey, pendingChecks } from './answer-key.js';

const [reportFile, keyFile] = process.argv.slice(2);
if (reportFile === undefined || keyFile === undefined) {
  process.stderr.write('usage: compare-key REPORT.json ANSWER-KEY.json\n');
  process.exit(2);
}
try {
  const key = loadAnswerKey(keyFile);
  const checks = readReportFile(reportFile).hosts.flatMap((h) => h.checks);
  const found = contradictions(key, checks);
  for (const c of found) process.stdout.write(`CONTRADICTION ${c.check}: ${c.verdict}, key ${c.expected}: ${c.detail}\n`);
  for (const c of pendingChecks(key, checks)) process.stdout.write(`pending ${c.id}: ${c.verdict}: ${c.observed}\n`);
  process.stdout.write(`${key.host}: ${checks.length} checks, ${found.length} contradictions\n`);
  process.exit(found.length === 0 ? 0 : 1);
} catch (error) {
  process.stderr.write(`compare-key: ${oneLine((error as Error).message)}\n`);
  process.exit(2);
}
