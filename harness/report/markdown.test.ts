import { describe, expect, it } from 'vitest';
import { mdCodeBlock, mdInline, renderMarkdown } from './markdown.js';
import type { CheckResult } from './schema.js';
import { HOSTILE, hostRun, otherHostRun, refhostChecks, refhostReport, report } from './test-fixtures/sample-reports.js';

describe('renderMarkdown', () => {
  it('starts with the verdict totals and a table of group totals', () => {
    const md = renderMarkdown(refhostReport());
    expect(md).toContain('**1 FAIL · 1 HARNESS-ERROR · 1 NON-STRICT · 1 UNSUPPORTED · 1 INFO · 2 PASS** (7 checks)');
    expect(md).toContain('| refhost 0.1.0 | 1 | 1 | 1 | 1 | 1 | 2 | 7 |');
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
});
