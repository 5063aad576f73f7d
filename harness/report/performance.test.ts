import { describe, expect, it } from 'vitest';
import { renderHtml } from './html.js';
import { renderMarkdown } from './markdown.js';
import { formatPerformanceFigure } from './performance.js';
import type { Performance } from './schema.js';
import { HOSTILE, refhostReport, report } from './test-fixtures/sample-reports.js';
import { validateReport } from './write-reports.js';

const performance: Performance = {
  measuredAt: '2026-12-01T10:00:00.000Z',
  method: '1 warm-up + 3 runs per figure against in-process fake servers',
  figures: [
    { name: 'launch to ready, 3 servers', unit: 'ms', median: 251.4, min: 230, max: 290, runs: 3 },
    { name: 'parallel-connect ratio', unit: 'ratio', median: 1.234, min: 1.2, max: 1.3, runs: 3 },
    { name: 'peak RSS, 10 servers', unit: 'MB', value: 92.11 },
  ],
};

function withPerformance(perf: Performance = performance) {
  const base = refhostReport();
  return report({ ...base.hosts[0]!, performance: perf });
}

describe('the report performance section', () => {
  it('is optional: a report without it still validates and shows no section', () => {
    const plain = refhostReport();
    expect(validateReport(plain).hosts[0]!.performance).toBeUndefined();
    expect(renderMarkdown(plain)).not.toContain('Performance');
    expect(renderHtml(plain)).not.toContain('id="performance"');
  });

  it('accepts figures with median, min, max and runs or with a single value', () => {
    expect(validateReport(withPerformance()).hosts[0]!.performance?.figures).toHaveLength(3);
  });

  it('refuses a figure with neither a value nor a full median, min and max', () => {
    const broken = withPerformance({ ...performance, figures: [{ name: 'x', unit: 'ms', median: 1 } as never] });
    expect(() => validateReport(broken)).toThrow(/performance/);
  });

  it('formats a figure as median with its spread and runs, or as the single value', () => {
    expect(formatPerformanceFigure(performance.figures[0]!)).toBe('251 ms (230 ms – 290 ms, 3 runs)');
    expect(formatPerformanceFigure(performance.figures[1]!)).toBe('1.23 (1.20 – 1.30, 3 runs)');
    expect(formatPerformanceFigure(performance.figures[2]!)).toBe('92.1 MB');
  });

  it('adds an INFO table to report.md, never a verdict', () => {
    const md = renderMarkdown(withPerformance());
    expect(md).toContain('### Performance (INFO, not a verdict)');
    expect(md).toContain('| refhost 0.1.0 | launch to ready, 3 servers | 251 ms (230 ms – 290 ms, 3 runs) |');
    expect(md).toContain('**1 FAIL · 1 HARNESS-ERROR · 1 NON-STRICT · 1 UNSUPPORTED · 1 INFO · 2 PASS** (7 checks)');
  });

  it('adds an escaped section to index.html', () => {
    const html = renderHtml(withPerformance({ ...performance, figures: [{ name: HOSTILE.endTag, unit: 'ms', value: 1 }] }));
    expect(html).toContain('<details class="meta" id="performance"><summary>Performance (INFO, not a verdict)</summary>');
    expect(html).not.toContain(HOSTILE.endTag);
  });
});
