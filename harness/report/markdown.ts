// report.md: short enough for a pull-request comment or a CI step summary. Totals per
// verdict, group totals, then FAIL, BLOCKED and HARNESS-ERROR checks with Expected/Observed and
// the rerun command, then FLAKY checks with each run's outcome, cut to a cap (GitHub comments
// stop at 65,536 characters). A host run with
// performance figures (issue 8) adds them as an INFO table. Which guarantees the MCP
// specification itself asks, and which are the catalogue's own contract, is said once per
// report and on every failure (issue 16, part 4). Counts per tier lead, and failures come in tier
// order: the specification's requirements, then safety, then the catalogue's contract; a host's
// findings (failures by root cause, gravest first, each with the command that makes its repro
// folder and its rerun command) lead (issue 25).
import { performanceRows } from './performance.js';
import type { CheckResult, Guarantee, Report } from './schema.js';
import { keywordLabel } from '../catalogue/source-citations.js';
import { CATALOGUE_ONLY, citationLine, specStatus } from './spec-status.js';
import { revisionDifferences } from './by-revision.js';
import { movesText, sincePreviousRows } from './since-previous.js';
import { catalogueMap, checksByGroup, countVerdicts, formatCounts, hostLabel, revisionsLine, runNotes, VERDICT_ORDER } from './summary.js';
import { capText, thresholdsText, visibleControls } from './text.js';
import { checkTier, tierHeadline, tierLines } from './tier-view.js';
import { TIER_TITLES, TIERS } from '../catalogue/tiers.js';
import { SEVERITIES } from '../catalogue/severity.js';
import { decisiveEvidence, findingsOf, reproCommand, severityCounts, type Finding, type FindingsSource } from './findings.js';

export interface MarkdownOptions {
  /** Upper bound on the length of the whole document. */
  maxChars?: number;
  /** The report.json the document is written beside: the findings' repro commands name it. */
  reportFile?: string;
}

const DEFAULT_MAX = 60_000;
const EXPECTED_MAX = 600;
const OBSERVED_MAX = 1_500;
const QUOTE_MAX = 240;

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

/** One row per tier, one column per host: the headline of a matrix (issue 25). */
function tierTable(report: Report): string {
  const catalogue = catalogueMap(report);
  const perHost = report.hosts.map((h) => new Map(tierLines(h.checks, catalogue).map((l) => [l.tier, l])));
  const head = `| Tier | ${report.hosts.map((h) => mdInline(hostLabel(h))).join(' | ')} |\n|---|${report.hosts.map(() => '---').join('|')}|`;
  const rows = TIERS.filter((t) => perHost.some((m) => m.has(t))).map((t) => {
    const cells = perHost.map((m) => {
      const line = m.get(t);
      return line === undefined ? '—' : formatCounts(line.counts);
    });
    return `| ${TIER_TITLES[t]} | ${cells.join(' | ')} |`;
  });
  return [head, ...rows].join('\n');
}

const FINDING_CHECKS_SHOWN = 8;
/** Said once before the findings: what their two commands do. */
export const FINDING_COMMANDS =
  "**Reproduce** writes a folder the host's maintainer runs without this suite's checkout; **Rerun here** reruns the scenario in this checkout.";
const FINDING_TEXT_MAX = 300;

/**
 * A host's findings, gravest first (issue 25): one block each with its severity, tier, the
 * guarantee's words, what was seen, the decisive evidence line, its checks and the commands that
 * reproduce it. A matrix of several hosts shows the findings per severity per host instead.
 */
function findingsSection(report: Report, reportFile: string | undefined): string[] {
  const catalogue = catalogueMap(report);
  const perHost = report.hosts.map((h) => findingsOf(h.checks, catalogue));
  if (report.hosts.length > 1) {
    const head = `| Severity | ${report.hosts.map((h) => mdInline(hostLabel(h))).join(' | ')} |\n|---|${report.hosts.map(() => '---:').join('|')}|`;
    const rows = SEVERITIES.map((sev) => `| ${sev} | ${perHost.map((f) => f.filter((x) => x.severity === sev).length).join(' | ')} |`);
    return [
      '### Findings by severity',
      '',
      "Failing checks that share a cause (the same guarantee broken, or the same evidence in one scenario) are one finding; each host's own report lists them.",
      '',
      head,
      ...rows,
      '',
    ];
  }
  const findings = perHost[0] ?? [];
  const host = report.hosts[0]?.run.host.name ?? '';
  if (findings.length === 0) return [];
  return [
    `### Findings (${findings.length}: ${severityCounts(findings)})`,
    '',
    `Failing checks that share a cause (the same guarantee broken, or the same evidence in one scenario) are one finding, gravest first. ${FINDING_COMMANDS}`,
    '',
    ...findingBlocks(findings, FINDING_CHECKS_SHOWN, { host, reportFile }),
  ];
}

/** "**Evidence** (model request #2): `the line`": a decisive evidence line as inline Markdown. */
function evidenceLine(evidence: { source: string; line: string }): string {
  return `**Evidence** (${mdInline(evidence.source)}): \`${mdInline(evidence.line).replace(/`/g, "'")}\``;
}

/** A command shown as inline code (a backtick would end it). */
const inlineCommand = (command: string): string => `\`${command.replace(/`/g, "'")}\``;

/** One block per finding, numbered in order; at most `checksShown` of its checks named. */
export function findingBlocks(findings: readonly Finding[], checksShown: number, source: FindingsSource): string[] {
  return findings.map((f, i) => {
    const shown = f.checks
      .slice(0, checksShown)
      .map((c) => `${c.id} (${c.verdict})`)
      .join(', ');
    const more = f.checks.length > checksShown ? ` and ${f.checks.length - checksShown} more` : '';
    return [
      `#### ${i + 1}. ${f.severity} · ${TIER_TITLES[f.tier]} · ${mdInline(f.guarantees.join(', '))} (${f.checks.length} check${f.checks.length === 1 ? '' : 's'})`,
      '',
      `${mdInline(capText(f.title, FINDING_TEXT_MAX))}`,
      '',
      `**Observed:** ${mdInline(capText(f.observed, FINDING_TEXT_MAX))}`,
      ...(f.evidence === null ? [] : ['', evidenceLine(f.evidence)]),
      '',
      `**Checks:** ${mdInline(shown + more)}`,
      '',
      `**Reproduce:** ${inlineCommand(reproCommand(f, source))} · **Rerun here:** ${inlineCommand(f.rerun)}`,
      '',
    ].join('\n');
  });
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

/** The guarantees of the checks shown, by whether the specification asks them; empty when the report carries no sources. */
function sourcesSection(report: Report): string[] {
  const catalogue = catalogueMap(report);
  const cited = [...new Set(report.hosts.flatMap((h) => h.checks.flatMap((c) => c.guarantees)))];
  const ids = report.guarantees.map((g) => g.id).filter((id) => cited.includes(id));
  const asked = ids.flatMap((id) => {
    const status = specStatus(catalogue.get(id));
    return status.kind === 'spec' ? [{ id, citations: status.citations }] : [];
  });
  const own = ids.filter((id) => specStatus(catalogue.get(id)).kind === 'catalogue');
  if (asked.length === 0 && own.length === 0) return [];
  const rows = asked.flatMap(({ id, citations }) =>
    citations.map((c) => {
      const where = c.places.map((p) => `[${mdInline(`${p.revision} ${p.section}`)}](${p.url})`).join(', ');
      return `| ${id} | ${mdInline(keywordLabel(c))} | ${mdInline(capText(c.quote, QUOTE_MAX))} (${where}) |`;
    }),
  );
  return [
    '',
    '### What the MCP specification itself asks',
    '',
    ...(asked.length === 0
      ? ['No guarantee of these checks is asked by the specification.']
      : ['| Guarantee | Requirement | Sentence |', '|---|---|---|', ...rows]),
    ...(own.length === 0 ? [] : ['', `This catalogue's stricter contract (no specification sentence asks it): ${own.join(', ')}.`]),
  ];
}

function specLine(check: CheckResult, catalogue: ReadonlyMap<string, Guarantee>): string[] {
  const parts = check.guarantees.flatMap((id) => {
    const status = specStatus(catalogue.get(id));
    if (status.kind === 'unknown') return [];
    return [`${id}: ${status.kind === 'spec' ? `the specification asks it, ${status.citations.map(citationLine).join('; ')}` : CATALOGUE_ONLY}`];
  });
  return parts.length === 0 ? [] : [`**Specification:** ${mdInline(parts.join(' · '))}`, ''];
}

/** A spec-tier check's requirements as the official conformance suite names them (spec-references.ts). */
function specReferencesLine(check: CheckResult): string[] {
  if (check.specReferences === undefined) return [];
  return [`**Spec references:** ${check.specReferences.map((r) => `[${mdInline(r.id)}](${r.url})`).join(', ')}`, ''];
}

/** Each host's verdicts against its previous report (`report merge --previous`); empty when no host has one. */
function sincePreviousSection(report: Report): string[] {
  const rows = sincePreviousRows(report);
  if (rows.length === 0) return [];
  const lists = rows.flatMap(({ host, since }) => {
    // Regressions first, as report diff lists them: they are what a reader must look at.
    const parts = [
      ...(since.regressed.length === 0 ? [] : [`regressed ${movesText(since.regressed)}`]),
      ...(since.fixed.length === 0 ? [] : [`fixed ${movesText(since.fixed)}`]),
    ];
    return parts.length === 0 ? [] : [`- **${mdInline(host)}:** ${mdInline(parts.join('; '))}`];
  });
  return [
    '',
    "### Since each host's previous report",
    '',
    '| Host | Previous | Fixed | Regressed | Changed (not graded) | Added | Removed | Unchanged |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      ({ host, since }) =>
        `| ${mdInline(host)} | ${mdInline(`${since.version ?? 'unknown version'}, run of ${since.startedAt.slice(0, 10)}`)} | ${since.fixed.length} | ${since.regressed.length} | ${since.changed.length} | ${since.added} | ${since.removed} | ${since.unchanged} |`,
    ),
    ...(lists.length === 0 ? [] : ['', ...lists]),
  ];
}

/** The checks whose verdict differs between a host's per-revision columns; empty when no host has two. */
function revisionSection(report: Report): string[] {
  const differences = revisionDifferences(report);
  const hosts = [...new Set(differences.map((d) => d.host))];
  return hosts.flatMap((host) => {
    const rows = differences.filter((d) => d.host === host);
    const columns = rows[0]?.verdicts.map((v) => v.protocol) ?? [];
    return [
      '',
      `### ${mdInline(host)}: verdicts that differ by MCP revision (${rows.length})`,
      '',
      `| Check | ${columns.map(mdInline).join(' | ')} |`,
      `|---|${columns.map(() => '---').join('|')}|`,
      ...rows.map((d) => `| ${mdInline(d.check)} | ${d.verdicts.map((v) => v.verdict).join(' | ')} |`),
    ];
  });
}

/** What was seen: the observation, or for a FLAKY check each run's verdict, observation and decisive evidence. */
function observedLines(check: CheckResult): string[] {
  if (check.runs === undefined) return ['**Observed:**', mdCodeBlock(capText(check.observed, OBSERVED_MAX)), ''];
  return check.runs.flatMap((run, i) => {
    const evidence = decisiveEvidence(run.evidence, run.observed);
    return [
      `**Run ${i + 1}: ${run.verdict}** (${(run.durationMs / 1000).toFixed(1)} s)`,
      mdCodeBlock(capText(run.observed, OBSERVED_MAX)),
      '',
      ...(evidence === null ? [] : [evidenceLine(evidence), '']),
    ];
  });
}

const MARKS: Partial<Record<CheckResult['verdict'], string>> = { FAIL: '❌', BLOCKED: '⛔', FLAKY: '🔁' };

function failureBlock(check: CheckResult, host: string, catalogue: ReadonlyMap<string, Guarantee>): string {
  const mark = MARKS[check.verdict] ?? '⚠️';
  const revision = check.revisions === undefined ? '' : ` · MCP ${check.revisions.join(', ')}`;
  return [
    `#### ${mark} ${check.verdict} ${mdInline(check.id)} — ${mdInline(host)}`,
    `${mdInline(check.guarantees.join(', '))} (${check.level}, tier ${TIER_TITLES[checkTier(check, catalogue)]}) · ${(check.durationMs / 1000).toFixed(1)} s${mdInline(revision)}`,
    '',
    ...specLine(check, catalogue),
    ...specReferencesLine(check),
    `**Expected:** ${mdInline(capText(check.expected, EXPECTED_MAX))}`,
    '',
    ...(thresholdsText(check.thresholds) === null ? [] : [`**Thresholds:** ${mdInline(thresholdsText(check.thresholds) ?? '')}`, '']),
    ...observedLines(check),
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
    const revisions = revisionsLine(h.checks);
    const used = revisions === null ? '' : `; MCP revisions used: ${mdInline(revisions)}`;
    return `- ${mdInline(hostLabel(h))}: suite ${mdInline(r.suite.version + rev)}, node ${mdInline(r.node)}, ${mdInline(r.os)}, ${mdInline(r.startedAt)} → ${mdInline(r.endedAt)}${absent}${used}`;
  });
  const notes = report.hosts.flatMap((h) => runNotes(h.run).map((n) => `> **${mdInline(hostLabel(h))}:** ${mdInline(n)}`));
  const head = [
    `## MCP host conformance: ${mdInline(title)}`,
    '',
    ...(notes.length === 0 ? [] : [notes.join('\n>\n'), '']),
    `**${formatCounts(countVerdicts(all))}** (${all.length} checks)`,
    '',
    `**By tier:** ${mdInline(tierHeadline(all, catalogueMap(report)))}`,
    '',
    ...meta,
    '',
    ...findingsSection(report, options.reportFile),
    totalsTable(report),
    ...sincePreviousSection(report),
    '',
    '### By tier',
    '',
    "spec MUST and spec SHOULD: a sentence of the MCP specification asks it; safety: a breach exposes the user; contract: this catalogue's own behaviour (docs/guarantees.md says why each guarantee has its tier).",
    '',
    tierTable(report),
    '',
    '### By guarantee group',
    '',
    groupTable(report),
    ...revisionSection(report),
    ...performanceSection(report),
  ].join('\n');
  // After the failures, which matter more: the table only when it fits, else where to look.
  const sources = sourcesSection(report).join('\n');
  const withSources = (body: string): string => {
    if (sources === '') return body;
    const text = `${body}${sources}\n`;
    const note = `${body}\n_What the specification asks of each guarantee: see index.html or docs/guarantees.md._\n`;
    if (text.length <= maxChars) return text;
    return note.length <= maxChars ? note : body;
  };

  const catalogue = catalogueMap(report);
  // The specification's requirements first, then safety, then the catalogue's contract.
  const rank = (c: CheckResult): number => TIERS.indexOf(checkTier(c, catalogue));
  const listed = (verdicts: readonly CheckResult['verdict'][]): { check: CheckResult; host: string }[] =>
    report.hosts
      .flatMap((h) => h.checks.filter((c) => verdicts.includes(c.verdict)).map((c) => ({ check: c, host: hostLabel(h) })))
      .map((f, i) => ({ ...f, i }))
      .sort((a, b) => rank(a.check) - rank(b.check) || a.i - b.i);
  const failures = listed(['FAIL', 'BLOCKED', 'HARNESS-ERROR']);
  // FLAKY checks come apart from the failures: neither FAIL nor PASS, each with every run's outcome.
  const flaky = listed(['FLAKY']);
  const sections = [
    { title: `Failures (${failures.length})`, checks: failures },
    { title: `Flaky (${flaky.length}): the verdict differed between runs of the scenario`, checks: flaky },
  ].filter((section) => section.checks.length > 0);

  const reserve = 300; // room for the "more not shown" and the sources notes
  let body = failures.length === 0 ? `${head}\n\nNo failures.\n` : head;
  let shown = 0;
  let full = false;
  for (const section of sections) {
    if (full) break;
    body += `${body.endsWith('\n') ? '' : '\n'}\n### ${section.title}\n`;
    for (const { check, host } of section.checks) {
      const block = `\n${failureBlock(check, host, catalogue)}\n`;
      full = body.length + block.length > maxChars - reserve;
      if (full) break;
      body += block;
      shown += 1;
    }
  }
  const total = failures.length + flaky.length;
  if (shown < total) {
    body += `\n_${total - shown} more failures${flaky.length === 0 ? '' : ' or flaky checks'} not shown here: see index.html or report.json._\n`;
  }
  return withSources(body.length <= maxChars ? body : `${body.slice(0, maxChars - 2)}…\n`);
}
