// report.md: short enough for a pull-request comment or a CI step summary. Totals per
// verdict, group totals, then FAIL and HARNESS-ERROR checks with Expected/Observed and the
// rerun command, cut to a cap (GitHub comments stop at 65,536 characters). A host run with
// performance figures (issue 8) adds them as an INFO table.
import { performanceRows } from './performance.js';
import type { CheckResult, Report } from './schema.js';
import { checksByGroup, countVerdicts, formatCounts, hostLabel, runNotes, VERDICT_ORDER } from './summary.js';
import { capText, thresholdsText, visibleControls } from './text.js';

export interface MarkdownOptions {
  /** Upper bound on the length of the whole document. */
  maxChars?: number;
}

const DEFAULT_MAX = 60_000;
const EXPECTED_MAX = 600;
const OBSERVED_MAX = 1_500;

/** One line of inline Markdown that shows text literally: no markup, HTML or table breaks. */
export function mdInline(text: string): string {
  return visibleControls(text)
    .replace(/\r?\n|\r|\u2028|\u2029/g, ' ')
    .replace(/[\\`*_[\]|#~]/g, (c) => `\\${c}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** A fenced block that shows text literally: the fence is longer than any backtick run inside. */
export function mdCodeBlock(text: string, lang = 'text'): string {
  const body = visibleControls(text).replace(/\u2028|\u2029/g, '\n');
  const longest = Math.max(0, ...(body.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${lang}\n${body}\n${fence}`;
}

function totalsTable(report: Report): string {
  const head = `| Host | ${VERDICT_ORDER.join(' | ')} | Total |\n|---|${VERDICT_ORDER.map(() => '---:').join('|')}|---:|`;
  const rows = report.hosts.map((h) => {
    const counts = countVerdicts(h.checks);
    return `| ${mdInline(hostLabel(h))} | ${VERDICT_ORDER.map((v) => counts[v]).join(' | ')} | ${h.checks.length} |`;
  });
  return [head, ...rows].join('\n');
}

function groupTable(report: Report): string {
  const perHost = report.hosts.map((h) => checksByGroup(report, h.checks));
  const groups = [...new Set(perHost.flatMap((m) => [...m.keys()]))];
  const head = `| Group | ${report.hosts.map((h) => mdInline(hostLabel(h))).join(' | ')} |\n|---|${report.hosts.map(() => '---').join('|')}|`;
  const rows = groups.map((g) => {
    const cells = perHost.map((m) => {
      const checks = m.get(g) ?? [];
      return checks.length === 0 ? '—' : `${formatCounts(countVerdicts(checks))}`;
    });
    return `| ${mdInline(g)} | ${cells.join(' | ')} |`;
  });
  return [head, ...rows].join('\n');
}

/** The optional performance figures (INFO: never a verdict); empty when no host has them. */
function performanceSection(report: Report): string[] {
  const { rows, methods } = performanceRows(report);
  if (rows.length === 0) return [];
  return [
    '',
    '### Performance (INFO, not a verdict)',
    '',
    '| Host | Figure | Median (min – max) or value |',
    '|---|---|---:|',
    ...rows.map((r) => `| ${mdInline(r.host)} | ${mdInline(r.name)} | ${mdInline(r.figure)} |`),
    '',
    ...methods.map((m) => `_${mdInline(m)}_`),
  ];
}

function failureBlock(check: CheckResult, host: string): string {
  const mark = check.verdict === 'FAIL' ? '❌' : '⚠️';
  return [
    `#### ${mark} ${check.verdict} ${mdInline(check.id)} — ${mdInline(host)}`,
    `${mdInline(check.guarantees.join(', '))} (${check.level}) · ${(check.durationMs / 1000).toFixed(1)} s`,
    '',
    `**Expected:** ${mdInline(capText(check.expected, EXPECTED_MAX))}`,
    '',
    ...(thresholdsText(check.thresholds) === null ? [] : [`**Thresholds:** ${mdInline(thresholdsText(check.thresholds) ?? '')}`, '']),
    '**Observed:**',
    mdCodeBlock(capText(check.observed, OBSERVED_MAX)),
    '',
    '**Rerun:**',
    mdCodeBlock(check.rerun, 'sh'),
  ].join('\n');
}

export function renderMarkdown(report: Report, options: MarkdownOptions = {}): string {
  const maxChars = options.maxChars ?? DEFAULT_MAX;
  const title = report.hosts.map(hostLabel).join(', ');
  const all = report.hosts.flatMap((h) => h.checks);
  const meta = report.hosts.map((h) => {
    const r = h.run;
    const rev = r.suite.revision ? ` @ ${r.suite.revision.slice(0, 12)}` : '';
    const absent = r.host.declaredAbsent.length === 0 ? '' : `; optional features declared absent: ${mdInline(r.host.declaredAbsent.join(', '))}`;
    return `- ${mdInline(hostLabel(h))}: suite ${mdInline(r.suite.version + rev)}, node ${mdInline(r.node)}, ${mdInline(r.os)}, ${mdInline(r.startedAt)} → ${mdInline(r.endedAt)}${absent}`;
  });
  const notes = report.hosts.flatMap((h) => runNotes(h.run).map((n) => `> **${mdInline(hostLabel(h))}:** ${mdInline(n)}`));
  const head = [
    `## MCP host conformance: ${mdInline(title)}`,
    '',
    ...(notes.length === 0 ? [] : [notes.join('\n>\n'), '']),
    `**${formatCounts(countVerdicts(all))}** (${all.length} checks)`,
    '',
    ...meta,
    '',
    totalsTable(report),
    '',
    '### By guarantee group',
    '',
    groupTable(report),
    ...performanceSection(report),
  ].join('\n');

  const failures = report.hosts.flatMap((h) =>
    h.checks.filter((c) => c.verdict === 'FAIL' || c.verdict === 'HARNESS-ERROR').map((c) => ({ check: c, host: hostLabel(h) })),
  );
  if (failures.length === 0) return `${head}\n\nNo failures.\n`;

  const reserve = 200; // room for the "more not shown" note
  let body = `${head}\n\n### Failures (${failures.length})\n`;
  let shown = 0;
  for (const { check, host } of failures) {
    const block = `\n${failureBlock(check, host)}\n`;
    if (body.length + block.length > maxChars - reserve) break;
    body += block;
    shown += 1;
  }
  if (shown < failures.length) {
    body += `\n_${failures.length - shown} more failures not shown here: see index.html or report.json._\n`;
  }
  return body.length <= maxChars ? body : `${body.slice(0, maxChars - 2)}…\n`;
}
