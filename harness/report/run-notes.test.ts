// An interrupted run, an escapable leftover scan (STDIO-5) and the processes that outlived
// the host in any scenario (issue 23 item 6) are shown by every writer, survive a merge, and
// are absent from a complete run with PID namespaces where nothing outlived the host.
import { describe, expect, test } from 'vitest';
import { renderHtml } from './html.js';
import { renderJunit } from './junit.js';
import { renderMarkdown } from './markdown.js';
import { mergeReports } from './merge.js';
import type { HostRun, Leftover } from './schema.js';
import { leftoverNote, runNotes } from './summary.js';
import { hostRun, refhostChecks, report } from './test-fixtures/sample-reports.js';
import { validateReport } from './write-reports.js';

const INCOMPLETE = 'Incomplete: SIGINT stopped the run after 3 of 40 scenarios';
const SCAN_ONLY = "Leftover processes (STDIO-5) were found only by a scan for the sandbox's path (unshare: Operation not permitted)";

function interrupted(): HostRun {
  const run = hostRun('refhost', '0.1.0', refhostChecks());
  return {
    ...run,
    run: {
      ...run.run,
      incomplete: { signal: 'SIGINT', scenariosFinished: 3, scenariosPlanned: 40 },
      containment: { mechanism: 'process-scan', note: 'unshare: Operation not permitted' },
    },
  };
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
    const { incomplete: _i, containment: _c, leftovers: _l, ...old } = hostRun('refhost', '0.1.0', []).run;
    expect(validateReport(report({ run: old as HostRun['run'], checks: [] })).hosts[0]?.run).toMatchObject({
      incomplete: null,
      containment: null,
      leftovers: [],
    });
  });

  test('a narrowed run says it holds only the checks the specification asks, in every writer', () => {
    const run = hostRun('refhost', '0.1.0', refhostChecks());
    const r = validateReport(report({ ...run, run: { ...run.run, requiredBy: 'spec' } }));
    const note =
      'Narrowed (--required-by spec): only checks of guarantees the MCP specification itself asks (a MUST, SHOULD or Key Principle sentence) are here; the rest of the catalogue was not graded.';
    expect(renderMarkdown(r)).toContain(`> **refhost 0.1.0:** ${note}`);
    expect(renderJunit(r)).toContain(`name="note.1" value="${note}`);
    expect(renderJunit(r)).toContain('name="required-by" value="spec"');
    expect(renderHtml(r)).toContain(`<b>refhost 0.1.0:</b> ${note}`);
  });

  test('what outlived the host is said in every writer, each kind once with its scenarios, and adds up in a merge', () => {
    const daemon = (scenario: string, pid: number): Leftover => ({
      scenario,
      pid,
      role: 'host',
      command: '/bin/sh -c while :; do sleep 1; done careless-daemon',
      where: 'own-session',
      hostEnded: 'by-itself',
    });
    const child: Leftover = {
      scenario: 'stdio-reap-on-sigterm',
      pid: 77,
      role: 'server:local',
      command: 'node <sandbox>/child.mjs',
      where: 'host-group',
      hostEnded: 'killed-by-harness',
    };
    const leftovers = [daemon('approve-once', 10), daemon('stdio-reap-on-sigterm', 11), child];
    const note =
      "Left running after the host exited, in 2 scenarios (the harness killed them when the scenario ended; on a user's machine they would have gone on running): " +
      "`/bin/sh -c while :; do sleep 1; done careless-daemon` (the host's own, in a session of its own) in 2 scenarios: approve-once, stdio-reap-on-sigterm; " +
      "`node <sandbox>/child.mjs` (of stdio server local, which STDIO-5 asks to be stopped, in the host's process group, after the harness had to kill the host) in scenario stdio-reap-on-sigterm.";
    expect(leftoverNote(leftovers)).toBe(note);
    const run = hostRun('refhost', '0.1.0', refhostChecks());
    const r = validateReport(report({ ...run, run: { ...run.run, leftovers } }));
    expect(renderMarkdown(r)).toContain('Left running after the host exited, in 2 scenarios');
    expect(renderMarkdown(r)).toContain('\\`/bin/sh -c while :; do sleep 1; done careless-daemon\\`');
    expect(renderJunit(r)).toContain('name="note.1" value="Left running after the host exited, in 2 scenarios');
    expect(renderHtml(r)).toContain(`<b>refhost 0.1.0:</b> Left running after the host exited, in 2 scenarios`);
    const [a, b] = [hostRun('refhost', '0.1.0', [], '1/2'), hostRun('refhost', '0.1.0', [], '2/2')];
    const merged = mergeReports([
      report({ ...a, run: { ...a.run, leftovers: [child] } }),
      report({ ...b, run: { ...b.run, leftovers: [daemon('approve-once', 10)] } }),
    ]);
    expect(merged.hosts[0]?.run.leftovers.map((l) => l.scenario)).toEqual(['approve-once', 'stdio-reap-on-sigterm']);
  });

  test('many kinds and scenarios are cut short in the note, never in report.json', () => {
    const many = Array.from({ length: 12 }, (_, k) =>
      Array.from({ length: 6 }, (__, i): Leftover => ({
        scenario: `s-${i}`,
        pid: 100 * k + i,
        role: 'host',
        command: `daemon-${k}`,
        where: 'own-session',
        hostEnded: 'by-itself',
      })),
    ).flat();
    const note = leftoverNote(many) ?? '';
    expect(note).toMatch(/^Left running after the host exited, in 6 scenarios /);
    expect(note).toContain("`daemon-0` (the host's own, in a session of its own) in 6 scenarios: s-0, s-1, s-2, s-3 and 2 more;");
    expect(note).toMatch(/; and 4 more kinds \(report\.json, run\.leftovers\)\.$/);
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
