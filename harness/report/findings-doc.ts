// FINDINGS.md generated from a report (issue 25): the findings of one host, gravest first, then its
// FLAKY checks (no findings), between two markers; everything outside them is the maintainer's
// own notes and is kept as written. A file without the markers gets the block after its title,
// so no hand-written count or claim has to restate what the report says.
import { findingsOf, severityCounts } from './findings.js';
import { findingBlocks, mdInline } from './markdown.js';
import { ReportError } from './report-error.js';
import { outcomesOf } from './rerun.js';
import type { CheckResult, Report } from './schema.js';
import { catalogueMap, countVerdicts, formatCounts, hostName } from './summary.js';
import { tierHeadline } from './tier-view.js';

export const FINDINGS_START = '<!-- findings: generated from report.json by `mcp-host-conformance report findings`; edit outside these markers -->';
export const FINDINGS_END = '<!-- findings: end -->';

/** The generated block for `host`: its counts, by tier, then every finding with all its checks. */
export function renderFindingsBlock(report: Report, host: string): string {
  const run = report.hosts.find((h) => h.run.host.name === host);
  if (run === undefined)
    throw new ReportError('NO_SUCH_HOST', `the report has no host "${host}" (it has ${report.hosts.map((h) => h.run.host.name).join(', ')})`);
  const catalogue = catalogueMap(report);
  const findings = findingsOf(run.checks, catalogue);
  return [
    FINDINGS_START,
    `## Findings of ${mdInline(hostName(run))} (${findings.length}: ${severityCounts(findings)})`,
    '',
    `Run of ${mdInline(run.run.startedAt)}: **${formatCounts(countVerdicts(run.checks))}** (${run.checks.length} checks); by tier, ${mdInline(tierHeadline(run.checks, catalogue))}.`,
    "Failing checks that share a cause (the same guarantee broken, or the same evidence in one scenario) are one finding, gravest first; `report.md` and `index.html` here hold every check's evidence.",
    '',
    ...findingBlocks(findings, Number.POSITIVE_INFINITY),
    ...flakyLines(run.checks),
    FINDINGS_END,
  ].join('\n');
}

/** The FLAKY checks with their outcomes: not findings (no FAIL reproduced), listed so none is lost. */
function flakyLines(checks: readonly CheckResult[]): string[] {
  const flaky = checks.filter((c) => c.verdict === 'FLAKY');
  if (flaky.length === 0) return [];
  return [
    `### Flaky (${flaky.length}): the verdict differed between runs of the scenario, so not a finding`,
    '',
    ...flaky.map((c) => `- ${mdInline(c.id)}: ${outcomesOf(c)}`),
    '',
  ];
}

/** `text` with its generated block replaced by `block`, or `block` put after the first heading. */
export function withFindingsBlock(text: string, block: string): string {
  const start = text.indexOf(FINDINGS_START);
  const end = text.indexOf(FINDINGS_END);
  if (start >= 0 && end > start) return `${text.slice(0, start)}${block}${text.slice(end + FINDINGS_END.length)}`;
  if (start >= 0 || end >= 0) throw new ReportError('FINDINGS_MARKERS', 'the file has one findings marker without the other: restore both or remove both');
  const lines = text.split('\n');
  const title = lines.findIndex((l) => l.startsWith('# '));
  const at = title < 0 ? 0 : title + 1;
  return [...lines.slice(0, at), ...(at > 0 ? [''] : []), block, '', ...lines.slice(at)].join('\n');
}
