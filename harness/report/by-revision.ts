// Where a host's verdicts differ by MCP revision (issue 16): the same host (name and version)
// run once per `--protocol` becomes one column per revision in a merged matrix; this finds
// the checks whose verdict is not the same in all of that host's columns.
import type { HostRun, Report, Verdict } from './schema.js';
import { hostName } from './summary.js';

export interface RevisionDifference {
  host: string;
  check: string;
  /** One per column of that host, in report order: the column's --protocol ("host's choice" when none) and its verdict ("—" when absent). */
  verdicts: { protocol: string; verdict: Verdict | '—' }[];
}

const CHOSEN = "host's choice";

export function revisionDifferences(report: Report): RevisionDifference[] {
  const byHost = new Map<string, HostRun[]>();
  for (const run of report.hosts) {
    byHost.set(hostName(run), [...(byHost.get(hostName(run)) ?? []), run]);
  }
  const out: RevisionDifference[] = [];
  for (const runs of byHost.values()) {
    if (new Set(runs.map((r) => r.run.protocol)).size < 2) continue;
    const verdictMaps = runs.map((r) => new Map(r.checks.map((c) => [c.id, c.verdict])));
    const ids = [...new Set(runs.flatMap((r) => r.checks.map((c) => c.id)))];
    for (const check of ids) {
      const verdicts = runs.map((r, i) => ({ protocol: r.run.protocol ?? CHOSEN, verdict: verdictMaps[i]?.get(check) ?? ('—' as const) }));
      if (new Set(verdicts.map((v) => v.verdict)).size > 1) out.push({ host: hostName(runs[0] as HostRun), check, verdicts });
    }
  }
  return out;
}
