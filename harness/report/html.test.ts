import { describe, expect, it } from 'vitest';
import { renderHtml } from './html.js';
import { buildReportView, type ReportView } from './html-view.js';
import { HOSTILE, otherHostRun, refhostFlakyReport, refhostReport, report } from './test-fixtures/sample-reports.js';

function embedded(html: string): ReportView {
  const match = /<script type="application\/json" id="report-data">([^<]*)<\/script>/.exec(html);
  if (!match) throw new Error('no embedded data');
  return JSON.parse(match[1]!) as ReportView;
}

describe('renderHtml', () => {
  it('is one self-contained file: no external scripts, styles, images or links', () => {
    const html = renderHtml(refhostReport());
    expect(html).not.toMatch(/<(script|img|link|iframe)[^>]*\s(src|href)=/i);
    // Addresses appear only inside the embedded report data (the specification's pages, shown as text).
    expect(html.replace(/<script type="application\/json" id="report-data">[^<]*<\/script>/, '')).not.toMatch(/https?:\/\//);
    expect(html).toContain("default-src 'none'");
  });

  it('holds exactly two script elements whatever the servers wrote', () => {
    const html = renderHtml(refhostReport());
    expect(html.match(/<script/gi)).toHaveLength(2);
    expect(html.match(/<\/script/gi)).toHaveLength(2);
    expect(html).not.toContain(HOSTILE.script);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('\u2028');
  });

  it("leads with each host's findings, gravest first, as escaped static text", () => {
    const html = renderHtml(refhostReport());
    expect(html).toMatch(
      /<details class="meta findings" open><summary>Findings of refhost 0\.1\.0 \(2: 1 interoperability · 1 contract-difference\)<\/summary>/,
    );
    expect(html.indexOf('Findings of refhost')).toBeLessThan(html.indexOf('Run metadata'));
    expect(html).toContain('Reproduce: <code>mcp-host-conformance run --host refhost --only expose-description</code>');
    const matrix = renderHtml(report(refhostReport().hosts[0]!, otherHostRun()));
    expect(matrix).toContain('<details class="meta findings"><summary>Findings of codex 0.9.1');
    const linked = renderHtml(refhostReport(), { findingsLinks: new Map([['refhost', '../refhost/FINDINGS.md']]) });
    expect(linked).toContain('<a href="../refhost/FINDINGS.md">../refhost/FINDINGS.md</a>');
  });

  it('embeds the matrix data so it parses back with the hostile strings intact', () => {
    const report0 = refhostReport();
    expect(embedded(renderHtml(report0))).toEqual(JSON.parse(JSON.stringify(buildReportView(report0))));
    const text = JSON.stringify(embedded(renderHtml(report0)));
    expect(text).toContain(HOSTILE.script);
    expect(text).toContain(JSON.stringify(HOSTILE.ansi).slice(1, -1));
  });
});

describe('buildReportView', () => {
  it('arranges checks in catalogue group order with one cell per host and group totals', () => {
    const view = buildReportView(report(refhostReport().hosts[0]!, otherHostRun()));
    expect(view.groups.map((g) => g.name)).toEqual(['DISCOVER', 'EXPOSE', 'APPROVE', 'NET', 'RESOURCE', 'TELEMETRY']);
    const discover = view.groups[0]!;
    expect(discover.rows.map((r) => r.cells.map((c) => c?.verdict))).toEqual([
      ['PASS', 'FAIL'],
      ['NON-STRICT', 'PASS'],
    ]);
    expect(discover.totals[1]).toMatchObject({ FAIL: 1, PASS: 1 });
    expect(view.hosts.map((h) => h.label)).toEqual(['refhost 0.1.0', 'codex 0.9.1']);
    expect(view.guarantees['EXPOSE-5']?.text).toMatch(/^The description names its origin/);
  });

  it('gives each guarantee its seed passage and whether the specification asks it', () => {
    const view = buildReportView(refhostReport());
    expect(view.guarantees['APPROVE-1']?.spec).toMatchObject({
      kind: 'spec',
      citations: [{ keyword: 'SHOULD', places: [{ revision: '2025-11-25' }, { revision: '2026-07-28' }] }],
    });
    expect(view.guarantees['APPROVE-1']?.seed?.where.lines).toEqual([43, 43]);
    expect(view.guarantees['NET-2']?.spec).toEqual({ kind: 'catalogue' });
    expect(view.guarantees['EXPOSE-5']).toMatchObject({ spec: { kind: 'unknown' }, seed: null });
  });

  it('counts FLAKY among the verdicts and carries a FLAKY cell with each of its runs', () => {
    const view = buildReportView(refhostFlakyReport());
    expect(view.verdicts).toContain('FLAKY');
    expect(view.hosts[0]!.totals).toMatchObject({ FLAKY: 1, FAIL: 0 });
    const cell = view.groups.find((g) => g.name === 'EXPOSE')!.rows[0]!.cells[0]!;
    expect(cell.runs?.map((r) => [r.verdict, r.evidence.length])).toEqual([
      ['FAIL', 3],
      ['PASS', 1],
    ]);
  });

  it('leaves a cell empty when a host did not run that check', () => {
    const partial = otherHostRun();
    partial.checks = partial.checks.slice(0, 1);
    const view = buildReportView(report(refhostReport().hosts[0]!, partial));
    expect(view.groups[0]!.rows[1]!.cells[1]).toBeNull();
  });
});
