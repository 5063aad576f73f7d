// index.html: ONE self-contained file (no network, no external assets): the matrix of
// checks, grouped by guarantee group, by hosts, with group totals, filters by verdict and
// group, and for every cell the requirement text, Expected vs Observed and numbered evidence
// (each run's own, for a FLAKY cell).
// The report travels as escaped JSON in <script type="application/json">; the page's own
// script renders it as text. A Content-Security-Policy allows only this page's own style and
// script (by hash) and no connections, as a second line of defence behind the escaping.
import { createHash } from 'node:crypto';
import { escapeMarkup, jsonForScript } from './escape.js';
import { reportScript } from './html-script.js';
import { REPORT_CSS } from './html-style.js';
import { buildReportView } from './html-view.js';
import { performanceRows } from './performance.js';
import { movesText, sincePreviousRows } from './since-previous.js';
import type { Report } from './schema.js';
import { catalogueMap, hostLabel, runNotes } from './summary.js';
import { findingsOf, reproCommand, severityCounts } from './findings.js';
import { TIER_TITLES } from '../catalogue/tiers.js';
import { visibleControls } from './text.js';

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

function csp(script: string): string {
  return [
    "default-src 'none'",
    `style-src ${sha256(REPORT_CSS)}`,
    `script-src ${sha256(script)}`,
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** Static, escaped markup (no script needed): the optional performance figures, INFO only. */
export function performanceHtml(report: Report): string {
  const { rows, methods } = performanceRows(report);
  if (rows.length === 0) return '';
  const cells = rows.map((r) => `<tr><td>${escapeMarkup(r.host)}</td><td>${escapeMarkup(r.name)}</td><td>${escapeMarkup(r.figure)}</td></tr>`).join('');
  const notes = methods.map((m) => `<p class="muted">${escapeMarkup(m)}</p>`).join('');
  return `<details class="meta" id="performance"><summary>Performance (INFO, not a verdict)</summary><table><tr><th>Host</th><th>Figure</th><th>Median (min – max) or value</th></tr>${cells}</table>${notes}</details>\n`;
}

/** Static, escaped markup: each host's verdicts against its previous report (`report merge --previous`). */
export function sincePreviousHtml(report: Report): string {
  const rows = sincePreviousRows(report);
  if (rows.length === 0) return '';
  const cell = (value: string | number): string => `<td>${escapeMarkup(String(value))}</td>`;
  const cells = rows.map(
    ({ host, since }) =>
      `<tr>${[host, `${since.version ?? 'unknown version'}, run of ${since.startedAt.slice(0, 10)}`, since.fixed.length, since.regressed.length, since.changed.length, since.added, since.removed, since.unchanged].map(cell).join('')}</tr>`,
  );
  const lists = rows.flatMap(({ host, since }) => [
    ...(since.regressed.length === 0 ? [] : [`<p class="muted"><b>${escapeMarkup(host)}</b> regressed: ${escapeMarkup(movesText(since.regressed))}</p>`]),
    ...(since.fixed.length === 0 ? [] : [`<p class="muted"><b>${escapeMarkup(host)}</b> fixed: ${escapeMarkup(movesText(since.fixed))}</p>`]),
  ]);
  const summary = rows.map(({ name, since }) => `${name} ${since.fixed.length} fixed, ${since.regressed.length} regressed`).join('; ');
  return `<details class="meta" id="since-previous"><summary>${escapeMarkup(`Since each host's previous report: ${summary}`)}</summary><table><tr><th>Host</th><th>Previous</th><th>Fixed</th><th>Regressed</th><th>Changed (not graded)</th><th>Added</th><th>Removed</th><th>Unchanged</th></tr>${cells.join('')}</table>${lists.join('')}</details>\n`;
}

/** Static, escaped markup: what a reader must know before trusting the numbers (an interrupted run, an escapable leftover scan). */
export function runNotesHtml(report: Report): string {
  const notes = report.hosts.flatMap((h) =>
    runNotes(h.run).map((n) => `<p class="notice" role="note"><b>${escapeMarkup(hostLabel(h))}:</b> ${escapeMarkup(n)}</p>`),
  );
  return notes.length === 0 ? '' : `${notes.join('\n')}\n`;
}

/**
 * Static, escaped markup: each host's findings (failures by root cause, gravest first, issue 25),
 * open when the report has one host, folded per host in a matrix.
 */
export function findingsHtml(report: Report, links: ReadonlyMap<string, string> = new Map(), reportFile?: string): string {
  const catalogue = catalogueMap(report);
  // Line and paragraph separators as spaces: the page holds none anywhere (see the script's data).
  const text = (value: string): string => escapeMarkup(visibleControls(value).replace(/[\u2028\u2029]/g, ' '));
  const sections = report.hosts.map((h) => {
    const findings = findingsOf(h.checks, catalogue);
    if (findings.length === 0) return '';
    const items = findings.map((f) => {
      const evidence = f.evidence === null ? '' : `<div>Evidence (${text(f.evidence.source)}): <code>${text(f.evidence.line)}</code></div>`;
      const checks = f.checks.map((c) => `${text(c.id)} (${c.verdict})`).join(', ');
      return `<li><b>${f.severity}</b> · ${TIER_TITLES[f.tier]} · ${text(f.guarantees.join(', '))} (${f.checks.length} check${f.checks.length === 1 ? '' : 's'})<div>${text(f.title)}</div><div>Observed: ${text(f.observed)}</div>${evidence}<div class="muted">Checks: ${checks}</div><div>Reproduce: <code>${text(reproCommand(f, { host: h.run.host.name, reportFile }))}</code></div><div class="muted">Rerun here: <code>${text(f.rerun)}</code></div></li>`;
    });
    const open = report.hosts.length === 1 ? ' open' : '';
    const link = links.get(h.run.host.name);
    const notes = link === undefined ? '' : `<p>The maintainers' notes: <a href="${text(link)}">${text(link)}</a></p>`;
    return `<details class="meta findings"${open}><summary>Findings of ${text(hostLabel(h))} (${findings.length}: ${severityCounts(findings)})</summary>${notes}<ol>${items.join('')}</ol></details>`;
  });
  const shown = sections.filter((s) => s !== '');
  return shown.length === 0 ? '' : `${shown.join('\n')}\n`;
}

export interface HtmlOptions {
  /** Host name -> its FINDINGS.md relative to the page (write-reports.ts finds them). */
  findingsLinks?: ReadonlyMap<string, string>;
  /** The report.json the page is written beside: the findings' repro commands name it. */
  reportFile?: string;
}

export function renderHtml(report: Report, options: HtmlOptions = {}): string {
  const script = reportScript();
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp(script)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>MCP host conformance report</title>
<style>${REPORT_CSS}</style>
</head>
<body>
<header>
<h1>MCP host conformance report</h1>
<div class="muted" id="generated"></div>
<noscript><p>This report draws itself with JavaScript; the same data is in report.json next to this file.</p></noscript>
${runNotesHtml(report)}</header>
<div class="wrap">
<div class="cards" id="cards"></div>
${findingsHtml(report, options.findingsLinks, options.reportFile)}${sincePreviousHtml(report)}<details class="meta"><summary>Run metadata</summary><table id="meta-table"></table></details>
${performanceHtml(report)}<div class="filters" role="search">
<span id="verdict-filters" class="counts" aria-label="Filter by verdict"></span>
<select id="group-filter" aria-label="Filter by group"><option value="">All groups</option></select>
<input id="text-filter" type="search" placeholder="check or guarantee id" aria-label="Filter by text">
<button type="button" id="clear-filters">Clear</button>
<span class="muted" id="shown"></span>
</div>
<table id="matrix"></table>
</div>
<aside id="detail" class="hidden" aria-live="polite"></aside>
<script type="application/json" id="report-data">${jsonForScript(buildReportView(report))}</script>
<script>${script}</script>
</body>
</html>
`;
}
