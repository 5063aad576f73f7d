// Comparing two reports check by check, per host (paired by host name, so a new version of
// a host is compared with its old version). Graded verdicts are ranked PASS > NON-STRICT >
// FAIL: a drop is a regression, a rise an improvement. Moves to or from UNSUPPORTED, INFO,
// BLOCKED or HARNESS-ERROR are listed as "changed" (not graded on that guarantee), new and vanished
// checks as "added" and "removed".
import type { CheckResult, HostRun, Report, Verdict } from './schema.js';
import { ReportError } from './report-error.js';
import { visibleControls } from './text.js';

export interface DiffEntry {
  host: string;
  check: string;
  old: Verdict | null;
  new: Verdict | null;
}

export interface ReportDiff {
  regressions: DiffEntry[];
  improvements: DiffEntry[];
  changed: DiffEntry[];
  added: DiffEntry[];
  removed: DiffEntry[];
  /** How many checks kept their verdict. */
  unchanged: number;
}

const RANK: Partial<Record<Verdict, number>> = { PASS: 2, 'NON-STRICT': 1, FAIL: 0 };

function byHostName(report: Report, which: string): Map<string, HostRun> {
  const map = new Map<string, HostRun>();
  for (const run of report.hosts) {
    const name = run.run.host.name;
    if (map.has(name)) throw new ReportError('DIFF_DUPLICATE_HOST', `the ${which} report holds host ${name} twice; diff needs one run per host name`);
    map.set(name, run);
  }
  return map;
}

export function diffReports(oldReport: Report, newReport: Report): ReportDiff {
  const result = emptyDiff();
  const oldHosts = byHostName(oldReport, 'old');
  const newHosts = byHostName(newReport, 'new');
  for (const host of new Set([...oldHosts.keys(), ...newHosts.keys()]))
    addHostDiff(result, host, oldHosts.get(host)?.checks ?? [], newHosts.get(host)?.checks ?? []);
  return result;
}

/** One host's checks in two runs (its previous version's and its own), paired by check id. */
export function diffHostRuns(before: HostRun, after: HostRun): ReportDiff {
  const result = emptyDiff();
  addHostDiff(result, after.run.host.name, before.checks, after.checks);
  return result;
}

function emptyDiff(): ReportDiff {
  return { regressions: [], improvements: [], changed: [], added: [], removed: [], unchanged: 0 };
}

function addHostDiff(result: ReportDiff, host: string, oldChecks: readonly CheckResult[], newChecks: readonly CheckResult[]): void {
  const before = new Map(oldChecks.map((c) => [c.id, c.verdict]));
  const after = new Map(newChecks.map((c) => [c.id, c.verdict]));
  for (const check of new Set([...before.keys(), ...after.keys()])) {
    const entry: DiffEntry = { host, check, old: before.get(check) ?? null, new: after.get(check) ?? null };
    if (entry.old === null) result.added.push(entry);
    else if (entry.new === null) result.removed.push(entry);
    else if (entry.old === entry.new) result.unchanged += 1;
    else {
      const from = RANK[entry.old];
      const to = RANK[entry.new];
      if (from === undefined || to === undefined) result.changed.push(entry);
      else (to < from ? result.regressions : result.improvements).push(entry);
    }
  }
}

/** Plain-text lines for a terminal or CI log (control characters from the files made visible). */
export function formatDiff(diff: ReportDiff): string {
  const section = (title: string, entries: DiffEntry[]): string[] =>
    entries.length === 0
      ? []
      : [`${title} (${entries.length}):`, ...entries.map((e) => visibleControls(`  ${e.host}  ${e.check}  ${e.old ?? '—'} -> ${e.new ?? '—'}`))];
  return [
    ...section('Regressions', diff.regressions),
    ...section('Improvements', diff.improvements),
    ...section('Changed (not graded)', diff.changed),
    ...section('Added', diff.added),
    ...section('Removed', diff.removed),
    `${diff.regressions.length} regressions, ${diff.improvements.length} improvements, ${diff.changed.length} changed, ` +
      `${diff.added.length} added, ${diff.removed.length} removed, ${diff.unchanged} unchanged`,
  ].join('\n');
}
