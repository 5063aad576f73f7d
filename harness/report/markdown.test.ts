import { describe, expect, it } from 'vitest';
import { mdCodeBlock, mdInline, renderMarkdown } from './markdown.js';
import type { CheckResult } from './schema.js';
import { HOSTILE, hostRun, otherHostRun, refhostChecks, refhostFlakyReport, refhostReport, report } from './test-fixtures/sample-reports.js';

describe('renderMarkdown', () => {
  it('starts with the verdict totals and a table of group totals', () => {
    const md = renderMarkdown(refhostReport());
    expect(md).toContain('**1 FAIL · 1 HARNESS-ERROR · 1 NON-STRICT · 1 UNSUPPORTED · 1 INFO · 2 PASS** (7 checks)');
    expect(md).toContain('| refhost 0.1.0 | 1 | 0 | 0 | 1 | 1 | 1 | 1 | 2 | 7 |');
    expect(md).toContain('| DISCOVER | 1 NON-STRICT · 1 PASS |');
  });

  it('lists failures and harness errors with expected, observed and the rerun command', () => {
    const md = renderMarkdown(refhostReport());
    expect(md).toContain('### Failures (2)');
    expect(md).toContain('❌ FAIL expose-description/origin-first — refhost 0.1.0');
    expect(md).toContain('**Expected:** expected behaviour of expose-description/origin-first');
    expect(md).toContain('```sh\nmcp-host-conformance run --host refhost --only expose-description\n```');
    expect(md).toContain('⚠️ HARNESS-ERROR net-redirect/no-follow');
  });

  it('leads with the counts per tier and lists failures of the specification and safety before the contract', () => {
    const md = renderMarkdown(report(refhostReport().hosts[0]!, otherHostRun()));
    expect(md).toContain('**By tier:** spec and safety: ');
    expect(md).toContain('| Tier | refhost 0.1.0 | codex 0.9.1 |');
    expect(md).toMatch(/\| safety \| [^|]*1 HARNESS-ERROR[^|]*\|/);
    // NET-2 (safety) is listed before EXPOSE-5 (contract), though it comes later in the report.
    expect(md.indexOf('HARNESS-ERROR net-redirect/no-follow')).toBeLessThan(md.indexOf('FAIL expose-description/origin-first'));
    expect(md).toContain('NET-2 (MUST, tier safety)');
  });

  it("leads a host's report with its findings and a matrix with the findings per severity per host", () => {
    const one = renderMarkdown(refhostReport());
    expect(one).toContain('### Findings (2: 1 interoperability · 1 contract-difference)');
    expect(one.indexOf('### Findings')).toBeLessThan(one.indexOf('| Host |'));
    const matrix = renderMarkdown(report(refhostReport().hosts[0]!, otherHostRun()));
    expect(matrix).toContain('### Findings by severity');
    expect(matrix).toMatch(/\| contract-difference \| 1 \| \d+ \|/);
  });

  it("shows a FLAKY check apart from the failures, with each run's verdict, observation and evidence", () => {
    const md = renderMarkdown(refhostFlakyReport());
    expect(md).toContain('**1 FLAKY · 1 HARNESS-ERROR · 1 NON-STRICT · 1 UNSUPPORTED · 1 INFO · 2 PASS** (7 checks)');
    expect(md).toContain('| refhost 0.1.0 | 0 | 0 | 1 | 1 | 1 | 1 | 1 | 2 | 7 |');
    expect(md).toContain('### Failures (1)');
    const flaky = md.slice(md.indexOf('### Flaky (1): the verdict differed between runs of the scenario'));
    expect(flaky).toContain('#### 🔁 FLAKY expose-description/origin-first — refhost 0.1.0');
    expect(flaky).toContain('**Run 1: FAIL** (1.2 s)\n```text\nthe description reached the model as the server wrote it');
    expect(flaky).toContain('**Evidence** (model request \\#1): `{"description":"&lt;script&gt;alert(1)&lt;/script&gt;"}`');
    expect(flaky).toContain('**Run 2: PASS** (0.9 s)\n```text\nthe description named its origin first\n```');
    expect(flaky).toContain('**Evidence** (model request \\#1): `{"description":"\\[docs\\] search the docs"}`');
    expect(flaky.indexOf('**Run 2')).toBeLessThan(flaky.indexOf('**Rerun:**'));
    expect(md.indexOf('### Failures')).toBeLessThan(md.indexOf('### Flaky'));
  });

  it('says "No failures." before the flaky checks when nothing failed', () => {
    const only = refhostFlakyReport();
    only.hosts[0]!.checks = only.hosts[0]!.checks.filter((c) => c.verdict !== 'HARNESS-ERROR');
    const md = renderMarkdown(only);
    expect(md).toContain('\n\nNo failures.\n\n### Flaky (1)');
  });

  it('shows one column per host in the group table of a merged report', () => {
    const md = renderMarkdown(report(refhostReport().hosts[0]!, otherHostRun()));
    expect(md).toContain('| Group | refhost 0.1.0 | codex 0.9.1 |');
  });

  it('names the optional features a host declares absent', () => {
    const md = renderMarkdown(report(refhostReport().hosts[0]!, otherHostRun()));
    expect(md).toContain('optional features declared absent: PROMPT');
    expect(md.split('\n').find((l) => l.startsWith('- refhost'))).not.toContain('declared absent');
  });

  it('keeps the document under the cap and says how many failures were left out', () => {
    const many: CheckResult[] = Array.from({ length: 400 }, (_, i) => ({
      ...refhostChecks()[2]!,
      id: `big/check-${i}`,
      observed: 'x'.repeat(5000),
    }));
    const md = renderMarkdown(report(hostRun('refhost', '0.1.0', many)), { maxChars: 20_000 });
    expect(md.length).toBeLessThanOrEqual(20_000);
    expect(md).toMatch(/_\d+ more failures not shown here: see index.html or report.json._/);
  });

  it('shows hostile text literally: no raw HTML, no escape characters, code fences not broken', () => {
    const md = renderMarkdown(refhostReport());
    expect(md).not.toContain('\u001b');
    expect(mdInline(HOSTILE.script)).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mdInline('a|b\nc')).toBe('a\\|b c');
    expect(mdCodeBlock('```\nbreak out')).toBe('````text\n```\nbreak out\n````');
  });

  it("says which guarantees the specification asks, with the sentence and its pages, and which are the catalogue's own contract", () => {
    const md = renderMarkdown(refhostReport());
    expect(md).toContain('### What the MCP specification itself asks');
    expect(md).toContain(
      '| APPROVE-1 | SHOULD (host) | For trust &amp; safety and security, there SHOULD always be a human in the loop with the ability to deny tool invocations. ([2025-11-25 Tools › User Interaction Model](https://modelcontextprotocol.io/specification/2025-11-25/server/tools#user-interaction-model), [2026-07-28 Tools › User Interaction Model](https://modelcontextprotocol.io/specification/2026-07-28/server/tools#user-interaction-model)) |',
    );
    expect(md).toContain("This catalogue's stricter contract (no specification sentence asks it): NET-2.");
    expect(md.indexOf('### What the MCP specification itself asks')).toBeGreaterThan(md.indexOf('### Failures'));
  });

  it('marks each failure by whether the specification asks its guarantee, and says nothing for a report without sources', () => {
    const md = renderMarkdown(refhostReport());
    const harnessError = md.slice(md.indexOf('HARNESS-ERROR net-redirect/no-follow'));
    expect(harnessError).toContain("**Specification:** NET-2: this catalogue's stricter contract: no sentence of the MCP specification asks it");
    const origin = md.slice(md.indexOf('FAIL expose-description/origin-first'), md.indexOf('HARNESS-ERROR net-redirect'));
    expect(origin).not.toContain('**Specification:**');
  });
});
