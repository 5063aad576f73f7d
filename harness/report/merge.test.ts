import { describe, expect, it } from 'vitest';
import { mergeReports } from './merge.js';
import { ReportError } from './report-error.js';
import { ReportSchema } from './schema.js';
import { hostLabel } from './summary.js';
import { otherHostRun, refhostChecks, refhostReport, refhostShards, report } from './test-fixtures/sample-reports.js';

describe('mergeReports', () => {
  it('merges shards of the same host into one host column covering the whole run', () => {
    const merged = mergeReports(refhostShards());
    expect(merged.hosts).toHaveLength(1);
    const host = merged.hosts[0]!;
    expect(host.checks.map((c) => c.id)).toEqual(refhostChecks().map((c) => c.id));
    expect(host.run.startedAt).toBe('2026-01-10T09:59:00.000Z');
    expect(host.run.endedAt).toBe('2026-01-10T10:03:00.000Z');
    expect(host.run.shard).toBeNull();
    expect(ReportSchema.safeParse(merged).success).toBe(true);
  });

  it('puts different hosts into separate columns in the order given', () => {
    const merged = mergeReports([refhostReport(), report(otherHostRun())]);
    expect(merged.hosts.map((h) => h.run.host.name)).toEqual(['refhost', 'codex']);
    expect(merged.guarantees).toHaveLength(refhostReport().guarantees.length);
  });

  it('keeps two versions of one host as two columns', () => {
    const older = refhostReport();
    older.hosts[0]!.run.host.version = '0.0.9';
    expect(mergeReports([older, refhostReport()]).hosts.map((h) => h.run.host.version)).toEqual(['0.0.9', '0.1.0']);
  });

  it('keeps one host run per --protocol as one column per revision, labelled with it', () => {
    const pinned = refhostReport();
    pinned.hosts[0]!.run.protocol = '2026-07-28';
    const merged = mergeReports([refhostReport(), pinned]);
    expect(merged.hosts.map((h) => h.run.protocol)).toEqual([null, '2026-07-28']);
    expect(merged.hosts.map(hostLabel)).toEqual(['refhost 0.1.0', 'refhost 0.1.0 (MCP 2026-07-28)']);
  });

  it('refuses a check reported twice for the same host and names both inputs', () => {
    expect(() => mergeReports([refhostReport(), refhostReport()], ['a.json', 'b.json'])).toThrow(
      new ReportError('MERGE_CONFLICT', 'check discover-once/initialize-before-model for host refhost appears in both a.json and b.json'),
    );
  });

  it('keeps the performance figures of the shard that measured them', () => {
    const shards = refhostShards();
    const performance = { measuredAt: '2026-01-10T10:04:00.000Z', method: 'test', figures: [{ name: 'launch to ready, no servers', unit: 'ms', value: 240 }] };
    shards[1]!.hosts[0]!.performance = performance;
    expect(mergeReports(shards).hosts[0]!.performance).toEqual(performance);
  });

  it("keeps a host's diff against its previous report when merged again", () => {
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
    expect(mergeReports([report(otherHostRun()), withDiff]).hosts.map((h) => h.sincePrevious?.version)).toEqual([undefined, '0.0.9']);
  });

  it('does not modify its inputs', () => {
    const shards = refhostShards();
    const copy = structuredClone(shards);
    mergeReports(shards);
    expect(shards).toEqual(copy);
  });
});
