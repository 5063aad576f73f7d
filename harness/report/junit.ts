// junit.xml: one <testsuite> per guarantee group (per host when several), one <testcase>
// per check. FAIL and BLOCKED -> <failure> (type BLOCKED: the check could not look), HARNESS-ERROR -> <error> ("the test could not run", kept
// apart from "the host failed" as h2spec does), UNSUPPORTED -> <skipped>; NON-STRICT and
// INFO pass with a <system-out> note. FLAKY -> <skipped> with each run in <system-out>: neither
// passed nor failed in every JUnit reader (Surefire's <flakyFailure> reads as a pass in those
// that do not know it). Run metadata travels as <properties>, with the host's counts per tier
// (`tier.spec-must` ...).
import { escapeMarkup } from './escape.js';
import type { CheckResult, Guarantee, HostRun, Report } from './schema.js';
import { catalogueMap, checksByGroup, countVerdicts, formatCounts, runNotes } from './summary.js';
import { tierLines } from './tier-view.js';
import { capText, firstLine, thresholdsText } from './text.js';

const MESSAGE_MAX = 300;

function attr(name: string, value: string | number): string {
  return `${name}="${escapeMarkup(String(value))}"`;
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

function properties(host: HostRun, group: string, catalogue: ReadonlyMap<string, Guarantee>): string {
  const { run } = host;
  const entries: [string, string | null][] = [
    ['host', run.host.name],
    ['host.version', run.host.version],
    ['host.profile', run.host.profile],
    ['suite.version', run.suite.version],
    ['suite.revision', run.suite.revision],
    ['catalogue.revision', run.catalogueRevision],
    ['guarantee.group', group],
    ['node', run.node],
    ['os', run.os],
    ['shard', run.shard],
    ['command', run.command],
    ['containment', run.containment?.mechanism ?? null],
    ['required-by', run.requiredBy],
    ['protocol', run.protocol],
    ['tiers', run.tiers.join(',')],
    // The host's headline per tier (issue 25), the same on every suite of the host.
    ...tierLines(host.checks, catalogue).map((l): [string, string] => [`tier.${l.tier}`, formatCounts(l.counts)]),
    ...runNotes(run).map((note, i): [string, string] => [`note.${i + 1}`, note]),
  ];
  const lines = entries
    .filter((e): e is [string, string] => e[1] !== null)
    .map(([name, value]) => `      <property ${attr('name', name)} ${attr('value', value)}/>`);
  return `    <properties>\n${lines.join('\n')}\n    </properties>`;
}

/** What one run saw: its observation and numbered evidence. */
function outcomeLines(outcome: Pick<CheckResult, 'observed' | 'evidence'>): string[] {
  const evidence = outcome.evidence.map((e, i) => `  [${i + 1}] ${e.kind} — ${e.source}\n${indent(e.excerpt, '      ')}`);
  return [`Observed: ${outcome.observed}`, ...(evidence.length > 0 ? ['Evidence:', ...evidence] : [])];
}

/** The full story of a check as plain text (a FLAKY check's runs one after the other): the body of a failure/error element. */
export function checkDetailText(check: CheckResult): string {
  const runs = (check.runs ?? []).flatMap((r, i) => [
    `Run ${i + 1}: ${r.verdict} (${seconds(r.durationMs)} s)`,
    ...outcomeLines(r).map((l) => indent(l, '  ')),
  ]);
  return [
    `Guarantees: ${check.guarantees.join(', ')} (${check.level})`,
    `Expected: ${check.expected}`,
    ...(thresholdsText(check.thresholds) === null ? [] : [`Thresholds: ${thresholdsText(check.thresholds) ?? ''}`]),
    ...(check.revisions === undefined ? [] : [`MCP revision: ${check.revisions.join(', ')}`]),
    ...outcomeLines(check),
    ...runs,
    `Rerun: ${check.rerun}`,
  ].join('\n');
}

function indent(text: string, prefix: string): string {
  return text
    .split('\n')
    .map((line) => prefix + line)
    .join('\n');
}

function testcase(check: CheckResult, classname: string): string {
  const open = `    <testcase ${attr('name', check.id)} ${attr('classname', classname)} ${attr('time', seconds(check.durationMs))}`;
  const message = attr('message', capText(firstLine(check.observed), MESSAGE_MAX));
  const body = escapeMarkup(checkDetailText(check));
  switch (check.verdict) {
    case 'PASS':
      return `${open}/>`;
    case 'FAIL':
      return `${open}>\n      <failure ${message} ${attr('type', check.level)}>${body}</failure>\n    </testcase>`;
    case 'BLOCKED':
      return `${open}>\n      <failure ${message} type="BLOCKED">${body}</failure>\n    </testcase>`;
    case 'HARNESS-ERROR':
      return `${open}>\n      <error ${message} type="HARNESS-ERROR">${body}</error>\n    </testcase>`;
    case 'UNSUPPORTED':
      return `${open}>\n      <skipped ${message}/>\n    </testcase>`;
    case 'FLAKY':
      return `${open}>\n      <skipped ${message}/>\n      <system-out>${escapeMarkup(`FLAKY: neither passed nor failed.\n${checkDetailText(check)}`)}</system-out>\n    </testcase>`;
    case 'NON-STRICT':
    case 'INFO': {
      const note = check.verdict === 'NON-STRICT' ? 'NON-STRICT: a SHOULD was missed; still conformant.' : 'INFO: informational, not graded.';
      return `${open}>\n      <system-out>${escapeMarkup(`${note}\n${checkDetailText(check)}`)}</system-out>\n    </testcase>`;
    }
  }
}

export function renderJunit(report: Report): string {
  const suites: string[] = [];
  const totals = countVerdicts(report.hosts.flatMap((h) => h.checks));
  let totalMs = 0;
  for (const host of report.hosts) {
    const prefix = report.hosts.length > 1 ? `${host.run.host.name} ` : '';
    for (const [group, checks] of checksByGroup(report, host.checks)) {
      const counts = countVerdicts(checks);
      const ms = checks.reduce((sum, c) => sum + c.durationMs, 0);
      totalMs += ms;
      const head = [
        attr('name', `${prefix}${group}`),
        attr('tests', checks.length),
        attr('failures', counts.FAIL + counts.BLOCKED),
        attr('errors', counts['HARNESS-ERROR']),
        attr('skipped', counts.UNSUPPORTED + counts.FLAKY),
        attr('time', seconds(ms)),
        attr('timestamp', host.run.startedAt),
        attr('hostname', host.run.host.name),
      ].join(' ');
      const classname = `${host.run.host.name}.${group}`;
      suites.push(
        `  <testsuite ${head}>\n${properties(host, group, catalogueMap(report))}\n${checks.map((c) => testcase(c, classname)).join('\n')}\n  </testsuite>`,
      );
    }
  }
  const tests = report.hosts.reduce((sum, h) => sum + h.checks.length, 0);
  const root = [
    attr('name', 'mcp-host-conformance'),
    attr('tests', tests),
    attr('failures', totals.FAIL + totals.BLOCKED),
    attr('errors', totals['HARNESS-ERROR']),
    attr('skipped', totals.UNSUPPORTED + totals.FLAKY),
    attr('time', seconds(totalMs)),
  ].join(' ');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites ${root}>\n${suites.join('\n')}\n</testsuites>\n`;
}
