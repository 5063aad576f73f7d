// A host's verdicts against its previous report, most often its previous version's (issue 27):
// `report merge --previous OLD.json` pairs each host of OLD with the merged column of the same
// host name and keeps the diff in that column, so every writer shows what the host changed
// from the report alone, and a matrix merged again keeps it.
import { diffHostRuns, type DiffEntry } from './diff.js';
import { ReportError } from './report-error.js';
import type { HostRun, Report, SincePrevious, VerdictMove } from './schema.js';
import { hostLabel, hostName } from './summary.js';

function moves(entries: readonly DiffEntry[]): VerdictMove[] {
  return entries.flatMap((e) => (e.old === null || e.new === null ? [] : [{ check: e.check, from: e.old, to: e.new }]));
}

export function sincePrevious(previous: HostRun, current: HostRun): SincePrevious {
  const diff = diffHostRuns(previous, current);
  return {
    version: previous.run.host.version,
    startedAt: previous.run.startedAt,
    fixed: moves(diff.improvements),
    regressed: moves(diff.regressions),
    changed: moves(diff.changed),
    added: diff.added.length,
    removed: diff.removed.length,
    unchanged: diff.unchanged,
  };
}

/**
 * `report` with each host of the previous reports diffed against its column (paired by host
 * name). `sources` (file names, same order) only makes errors name the inputs. A previous host
 * without exactly one column of its name, or given twice, is an input error.
 */
export function withPrevious(report: Report, previous: readonly Report[], sources: readonly string[] = []): Report {
  const hosts = report.hosts.map((h) => ({ ...h }));
  const paired = new Set<string>();
  previous.forEach((old, i) => {
    const source = sources[i] ?? `previous report #${i + 1}`;
    for (const run of old.hosts) {
      const name = run.run.host.name;
      const columns = hosts.filter((h) => h.run.host.name === name);
      if (columns.length !== 1) {
        const why = columns.length === 0 ? 'no column of that name' : `${columns.length} columns of that name (one per --protocol): merge one of them`;
        throw new ReportError('PREVIOUS_MISMATCH', `${source}: host ${hostName(run)} has ${why} in the merged report`);
      }
      if (paired.has(name)) throw new ReportError('PREVIOUS_MISMATCH', `${source}: host ${name} already has a previous report`);
      paired.add(name);
      const column = columns[0] as HostRun;
      column.sincePrevious = sincePrevious(run, column);
    }
  });
  return { ...report, hosts };
}

/** "since 0.16.0 (run of 2026-12-06): 12 fixed · 3 regressed · 5 changed (not graded) · 350 unchanged". */
export function sincePreviousLine(since: SincePrevious): string {
  const counts = [
    `${since.fixed.length} fixed`,
    `${since.regressed.length} regressed`,
    `${since.changed.length} changed (not graded)`,
    ...(since.added === 0 ? [] : [`${since.added} added`]),
    ...(since.removed === 0 ? [] : [`${since.removed} removed`]),
    `${since.unchanged} unchanged`,
  ];
  return `since ${since.version ?? 'the previous report'} (run of ${since.startedAt.slice(0, 10)}): ${counts.join(' · ')}`;
}

/** At most this many check ids per list in report.md and index.html; report.json holds them all. */
export const MOVES_SHOWN = 10;

/** "a (FAIL -> PASS), b (NON-STRICT -> PASS) and 3 more": the first `max` moves of a list, arrows as report diff writes them. */
export function movesText(list: readonly VerdictMove[], max = MOVES_SHOWN): string {
  const shown = list.slice(0, max).map((m) => `${m.check} (${m.from} -> ${m.to})`);
  return list.length > max ? `${shown.join(', ')} and ${list.length - max} more` : shown.join(', ');
}

/** Each host column that carries a diff against its previous report: its label, its name and the diff. */
export function sincePreviousRows(report: Report): { host: string; name: string; since: SincePrevious }[] {
  return report.hosts.flatMap((h) => (h.sincePrevious === undefined ? [] : [{ host: hostLabel(h), name: h.run.host.name, since: h.sincePrevious }]));
}
