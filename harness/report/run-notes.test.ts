// An interrupted run and an escapable leftover scan (STDIO-5) are shown by every writer,
// survive a merge, and are absent from a complete run with PID namespaces.
import { describe, expect, test } from 'vitest';
import { renderHtml } from './html.js';
import { renderJunit } from './junit.js';
import { renderMarkdown } from './markdown.js';
import { mergeReports } from './merge.js';
import type { HostRun } from './schema.js';
import { runNotes } from './summary.js';
import { hostRun, refhostChecks, report } from './test-fixtures/sample-reports.js';
import { validateReport } from './write-reports.js';

const INCOMPLETE = 'Incomplete: SIGINT stopped the run after 3 of 40 scenarios';
const SCAN_ONLY = "Leftover processes (STDIO-5) were found only by a scan for the sandbox's path (unshare: Operation not permitted)";

function interrupted(): HostRun {
  const run = hostRun('refhost', '0.1.0', refhostChecks());
  return { ...run, run: { ...run.run, incomplete: { signal: 'SIGINT', scenariosFinished: 3, scenariosPlanned: 40 }, containment: { mechanism: 'process-scan', note: 'unshare: Operation not permitted' } } };
}

describe('run notes', () => {
  test('a complete run whose hosts ran in PID namespaces has none', () => {
    const run = hostRun('refhost', '0.1.0', []).run;
    expect(runNotes({ ...run, containment: { mechanism: 'pid-namespace', note: null } })).toEqual([]);
  });

  test('an interrupted run and a scan-only run are said in Markdown, JUnit properties and the HTML header', () => {
    const r = validateReport(report(interrupted()));
    const markdown = renderMarkdown(r);
    expect(markdown).toContain(`> **refhost 0.1.0:** ${INCOMPLETE}`);
    expect(markdown).toContain("found only by a scan for the sandbox's path");
    const junit = renderJunit(r);
    expect(junit).toContain(`name="note.1" value="${INCOMPLETE}`);
    expect(junit).toContain('name="containment" value="process-scan"');
    const html = renderHtml(r);
    const header = html.slice(html.indexOf('<header>'), html.indexOf('</header>'));
    expect(header).toContain(`<p class="notice" role="note"><b>refhost 0.1.0:</b> ${INCOMPLETE}`);
    expect(header).toContain(SCAN_ONLY.replace("'", '&#39;'));
  });

  test('a merged column is incomplete when one of its shards was', () => {
    const complete = hostRun('refhost', '0.1.0', [], '1/2');
    const cut = interrupted();
    const merged = mergeReports([report(complete), report({ ...cut, run: { ...cut.run, shard: '2/2' } })]);
    expect(merged.hosts[0]?.run.incomplete).toEqual({ signal: 'SIGINT', scenariosFinished: 3, scenariosPlanned: 40 });
    expect(merged.hosts[0]?.run.containment?.mechanism).toBe('process-scan');
  });

  test('a report written before these fields existed reads as complete, its containment unknown', () => {
    const { incomplete: _i, containment: _c, ...old } = hostRun('refhost', '0.1.0', []).run;
    expect(validateReport(report({ run: old as HostRun['run'], checks: [] })).hosts[0]?.run).toMatchObject({ incomplete: null, containment: null });
  });

  test('a narrowed run says it holds only the checks the specification asks, in every writer', () => {
    const run = hostRun('refhost', '0.1.0', refhostChecks());
    const r = validateReport(report({ ...run, run: { ...run.run, requiredBy: 'spec' } }));
    const note = 'Narrowed (--required-by spec): only checks of guarantees the MCP specification itself asks (a MUST, SHOULD or Key Principle sentence) are here; the rest of the catalogue was not graded.';
    expect(renderMarkdown(r)).toContain(`> **refhost 0.1.0:** ${note}`);
    expect(renderJunit(r)).toContain(`name="note.1" value="${note}`);
    expect(renderJunit(r)).toContain('name="required-by" value="spec"');
    expect(renderHtml(r)).toContain(`<b>refhost 0.1.0:</b> ${note}`);
  });

  test('a merge refuses shards of one host narrowed differently', () => {
    const a = hostRun('refhost', '0.1.0', [], '1/2');
    const b = hostRun('refhost', '0.1.0', [], '2/2');
    const narrowed = { ...b, run: { ...b.run, requiredBy: 'spec' as const } };
    expect(() => mergeReports([report(a), report(narrowed)], ['a.json', 'b.json'])).toThrow(
      'host refhost: b.json is narrowed differently from the earlier input (--required-by catalogue and spec); merge them with --required-by to narrow both alike',
    );
  });
});
