// Writes all four formats from one report: report.json (validated against ReportSchema
// first, so no invalid report ever lands on disk), junit.xml, report.md and index.html.
import { writeFileSync } from 'node:fs';
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
  writeFileSync(paths.markdown, renderMarkdown(valid));
  writeFileSync(paths.html, renderHtml(valid));
  return paths;
}
