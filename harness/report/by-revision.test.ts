import { describe, expect, it } from 'vitest';
import { revisionDifferences } from './by-revision.js';
import { mergeReports } from './merge.js';
import { renderMarkdown } from './markdown.js';
import { refhostReport } from './test-fixtures/sample-reports.js';
import type { Report } from './schema.js';

function pinned(protocol: string, change?: (report: Report) => void): Report {
  const report = refhostReport();
  report.hosts[0]!.run.protocol = protocol;
  change?.(report);
  return report;
}

describe('revisionDifferences', () => {
  it("lists the checks whose verdict differs between one host's per-revision columns", () => {
    const modern = pinned('2026-07-28', (r) => {
      r.hosts[0]!.checks[0]!.verdict = 'FAIL';
    });
    const merged = mergeReports([pinned('2025-11-25'), modern]);
    const [first] = merged.hosts[0]!.checks;
    expect(revisionDifferences(merged)).toEqual([
      {
        host: 'refhost 0.1.0',
        check: first!.id,
        verdicts: [
          { protocol: '2025-11-25', verdict: first!.verdict },
          { protocol: '2026-07-28', verdict: 'FAIL' },
        ],
      },
    ]);
  });

  it('finds nothing when a host has one column, however many hosts there are', () => {
    expect(revisionDifferences(mergeReports([refhostReport()]))).toEqual([]);
  });

  it("shows a check missing from one revision's column as a difference", () => {
    const modern = pinned('2026-07-28', (r) => {
      r.hosts[0]!.checks.pop();
    });
    const differences = revisionDifferences(mergeReports([pinned('2025-11-25'), modern]));
    expect(differences).toHaveLength(1);
    expect(differences[0]!.verdicts[1]!.verdict).toBe('—');
  });
});

describe('the Markdown report by revision', () => {
  it('has a table of the verdicts that differ by MCP revision for a host run on both', () => {
    const modern = pinned('2026-07-28', (r) => {
      r.hosts[0]!.checks[0]!.verdict = 'FAIL';
    });
    const text = renderMarkdown(mergeReports([pinned('2025-11-25'), modern]));
    expect(text).toContain('### refhost 0.1.0: verdicts that differ by MCP revision (1)');
    expect(text).toContain('| Check | 2025-11-25 | 2026-07-28 |');
  });

  it("names the revisions a run's evidence came from, and each failure's", () => {
    const report = refhostReport();
    for (const check of report.hosts[0]!.checks) check.revisions = ['2025-11-25'];
    report.hosts[0]!.checks[0]!.revisions = ['2026-07-28'];
    report.hosts[0]!.checks[0]!.verdict = 'FAIL';
    const text = renderMarkdown(report);
    expect(text).toMatch(/MCP revisions used: 2025-11-25 in \d+ checks, 2026-07-28 in 1/);
    expect(text).toContain('· MCP 2026-07-28');
  });
});
