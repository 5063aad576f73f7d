import { describe, expect, it } from 'vitest';
import { guaranteeById } from '../catalogue/guarantees.js';
import { narrowReport } from './narrow.js';
import { otherHostRun, refhostReport, report } from './test-fixtures/sample-reports.js';

const ids = (r: ReturnType<typeof narrowReport>['report']) => r.hosts.map((h) => h.checks.map((c) => c.guarantees[0]));

describe('narrowReport', () => {
  it('keeps only checks of guarantees the specification asks, and records the scope per host', () => {
    const { report: narrowed } = narrowReport(report(refhostReport().hosts[0]!, otherHostRun()), 'spec');
    // APPROVE-1 by the report's own sources; DISCOVER-3, RESOURCE-1, TELEMETRY-1 by the catalogue's; NET-2 the report says no sentence asks.
    expect(ids(narrowed)[0]).toEqual(['DISCOVER-3', 'APPROVE-1', 'RESOURCE-1', 'TELEMETRY-1']);
    expect(narrowed.hosts.map((h) => h.run.requiredBy)).toEqual(['spec', 'spec']);
  });

  it('uses the current catalogue for guarantees a report carries no sources for, and says which', () => {
    const { report: narrowed, sourcesFromCatalogue } = narrowReport(refhostReport(), 'spec');
    expect(sourcesFromCatalogue).toEqual(['DISCOVER-1', 'DISCOVER-3', 'EXPOSE-5', 'RESOURCE-1', 'TELEMETRY-1']);
    expect(narrowed.guarantees.find((g) => g.id === 'DISCOVER-3')?.sources).toEqual(guaranteeById('DISCOVER-3')?.sources);
    expect(narrowed.guarantees.find((g) => g.id === 'APPROVE-1')?.sources?.spec[0]?.section).toBe('Tools › User Interaction Model');
  });

  it('spec-must keeps only MUST sentences, and a narrowed report is never widened again', () => {
    const must = narrowReport(refhostReport(), 'spec-must').report;
    expect(ids(must)).toEqual([[]]);
    const again = narrowReport(narrowReport(refhostReport(), 'spec-must').report, 'spec').report;
    expect(again.hosts[0]?.run.requiredBy).toBe('spec-must');
  });

  it("drops a host's diff against its previous report, which counted the checks left out", () => {
    const withDiff = refhostReport();
    withDiff.hosts[0]!.sincePrevious = {
      version: '0.0.9',
      startedAt: '2026-01-01T00:00:00.000Z',
      fixed: [],
      regressed: [],
      changed: [],
      added: 0,
      removed: 0,
      unchanged: 7,
    };
    expect(narrowReport(withDiff, 'spec').report.hosts[0]?.sincePrevious).toBeUndefined();
    expect(narrowReport(withDiff, 'catalogue').report.hosts[0]?.sincePrevious?.unchanged).toBe(7);
  });

  it('catalogue leaves the report as it is', () => {
    const original = refhostReport();
    expect(narrowReport(original, 'catalogue')).toEqual({ report: original, sourcesFromCatalogue: [] });
  });
});
