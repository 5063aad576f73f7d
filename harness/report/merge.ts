// Merging reports into one matrix: shards of the same host (same name, version and --protocol)
// become one host column; different hosts, versions or pinned revisions become separate columns. A check that two
// inputs both report for the same host is an error, never silently overwritten.
import { ReportError } from './report-error.js';
import type { Guarantee, HostRun, Report, RunMetadata } from './schema.js';

/** One column of a matrix: the host's name, version and --protocol. */
export function hostKey(run: HostRun): string {
  return `${run.run.host.name}\u0000${run.run.host.version ?? ''}\u0000${run.run.protocol ?? ''}`;
}

function earliest(a: string, b: string): string {
  return Date.parse(b) < Date.parse(a) ? b : a;
}

function latest(a: string, b: string): string {
  return Date.parse(b) > Date.parse(a) ? b : a;
}

/**
 * Merges reports in the order given. `sources` (e.g. file names, same order) only makes
 * error messages name the inputs. Deterministic: generatedAt is the latest input's.
 */
function mergeIncomplete(a: RunMetadata['incomplete'], b: RunMetadata['incomplete']): RunMetadata['incomplete'] {
  if (a === null) return b;
  if (b === null) return a;
  return { signal: a.signal, scenariosFinished: a.scenariosFinished + b.scenariosFinished, scenariosPlanned: a.scenariosPlanned + b.scenariosPlanned };
}

export function mergeReports(reports: readonly Report[], sources: readonly string[] = []): Report {
  const first = reports[0];
  if (!first) throw new ReportError('MERGE_EMPTY', 'nothing to merge: no reports given');
  const sourceOf = (i: number): string => sources[i] ?? `report #${i + 1}`;

  const guarantees = new Map<string, Guarantee>();
  const hosts = new Map<string, { host: HostRun; origin: Map<string, number> }>();
  let generatedAt = first.generatedAt;

  reports.forEach((report, index) => {
    generatedAt = latest(generatedAt, report.generatedAt);
    for (const g of report.guarantees) if (!guarantees.has(g.id)) guarantees.set(g.id, g);
    for (const run of report.hosts) {
      const key = hostKey(run);
      const entry = hosts.get(key);
      if (!entry) {
        const origin = new Map(run.checks.map((c) => [c.id, index]));
        const extras = {
          ...(run.performance === undefined ? {} : { performance: run.performance }),
          ...(run.sincePrevious === undefined ? {} : { sincePrevious: run.sincePrevious }),
        };
        hosts.set(key, { host: { run: { ...run.run }, checks: [...run.checks], ...extras }, origin });
        continue;
      }
      if (entry.host.run.requiredBy !== run.run.requiredBy) {
        const scopes = `--required-by ${entry.host.run.requiredBy} and ${run.run.requiredBy}`;
        throw new ReportError(
          'MERGE_CONFLICT',
          `host ${run.run.host.name}: ${sourceOf(index)} is narrowed differently from the earlier input (${scopes}); merge them with --required-by to narrow both alike`,
        );
      }
      if (entry.host.run.tiers.join(',') !== run.run.tiers.join(',')) {
        const scopes = `--tier ${entry.host.run.tiers.join(',')} and ${run.run.tiers.join(',')}`;
        throw new ReportError(
          'MERGE_CONFLICT',
          `host ${run.run.host.name}: ${sourceOf(index)} is narrowed differently from the earlier input (${scopes}); merge them with --tier to narrow both alike`,
        );
      }
      for (const check of run.checks) {
        const seen = entry.origin.get(check.id);
        if (seen !== undefined) {
          throw new ReportError('MERGE_CONFLICT', `check ${check.id} for host ${run.run.host.name} appears in both ${sourceOf(seen)} and ${sourceOf(index)}`);
        }
        entry.origin.set(check.id, index);
        entry.host.checks.push(check);
      }
      // Figures are measured once per run; a shard that carries them gives them to the column.
      if (entry.host.performance === undefined && run.performance !== undefined) entry.host.performance = run.performance;
      if (entry.host.sincePrevious === undefined && run.sincePrevious !== undefined) entry.host.sincePrevious = run.sincePrevious;
      const merged = entry.host.run;
      merged.startedAt = earliest(merged.startedAt, run.run.startedAt);
      merged.endedAt = latest(merged.endedAt, run.run.endedAt);
      merged.shard = null; // the merged column is the whole run, not one shard of it
      // One interrupted shard leaves the whole column incomplete; one scanned shard, the column's leftovers escapable.
      merged.incomplete = mergeIncomplete(merged.incomplete, run.run.incomplete);
      if (run.run.containment?.mechanism === 'process-scan') merged.containment = run.run.containment;
      // Each shard ran its own scenarios: what outlived the host in them adds up.
      merged.leftovers = [...merged.leftovers, ...run.run.leftovers].sort((a, b) => a.scenario.localeCompare(b.scenario) || a.pid - b.pid);
    }
  });

  return {
    schemaVersion: 1,
    generatedAt,
    guarantees: [...guarantees.values()],
    hosts: [...hosts.values()].map((e) => e.host),
  };
}
