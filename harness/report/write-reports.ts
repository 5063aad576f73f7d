// Writes all four formats from one report: report.json (validated against ReportSchema
// first, so no invalid report ever lands on disk), junit.xml, report.md and index.html (which
// links each host's FINDINGS.md where one sits beside it).
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderHtml } from './html.js';
import { renderJunit } from './junit.js';
import { renderMarkdown } from './markdown.js';
import { ReportError } from './report-error.js';
import { prepareOutputDir } from './output-dir.js';
import { formatZodIssues } from './report-file.js';
import { ReportSchema, type Report } from './schema.js';

export interface ReportPaths {
  json: string;
  junit: string;
  markdown: string;
  html: string;
}

/** Parses a report against ReportSchema (applying defaults); throws ReportError REPORT_INVALID naming the zod paths. */
export function validateReport(report: unknown): Report {
  const parsed = ReportSchema.safeParse(report);
  if (!parsed.success) throw new ReportError('REPORT_INVALID', `report does not match ReportSchema:\n  ${formatZodIssues(parsed.error)}`);
  return parsed.data;
}

export function writeReports(report: Report, outDir: string): ReportPaths {
  const valid = validateReport(report);
  prepareOutputDir(outDir);
  const paths: ReportPaths = {
    json: join(outDir, 'report.json'),
    junit: join(outDir, 'junit.xml'),
    markdown: join(outDir, 'report.md'),
    html: join(outDir, 'index.html'),
  };
  writeFileSync(paths.json, `${JSON.stringify(valid, null, 2)}\n`);
  writeFileSync(paths.junit, renderJunit(valid));
  writeFileSync(paths.markdown, renderMarkdown(valid, { reportFile: paths.json }));
  writeFileSync(paths.html, renderHtml(valid, { findingsLinks: findingsLinks(valid, outDir), reportFile: paths.json }));
  return paths;
}

/**
 * Each host's FINDINGS.md, relative to the page, where one sits beside it: in the report's own
 * folder for one host (reports/HOST/), in the host's sibling folder for a matrix (reports/matrix/).
 */
function findingsLinks(report: Report, outDir: string): Map<string, string> {
  const links = new Map<string, string>();
  for (const h of report.hosts) {
    const name = h.run.host.name;
    const candidates = report.hosts.length === 1 ? ['FINDINGS.md', `../${name}/FINDINGS.md`] : [`../${name}/FINDINGS.md`];
    const found = candidates.find((c) => existsSync(join(outDir, c)));
    if (found !== undefined) links.set(name, found);
  }
  return links;
}
