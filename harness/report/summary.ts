// Shared views over the report model used by every writer (JSON, JUnit, Markdown, HTML),
// the progress summary, merge and diff: verdict order, counts, groups, host labels.
import { TIERS } from '../catalogue/tiers.js';
import type { CheckResult, Guarantee, HostRun, Leftover, Report, RunMetadata, Verdict } from './schema.js';

/** Display order: what needs attention first. */
export const VERDICT_ORDER: readonly Verdict[] = ['FAIL', 'BLOCKED', 'FLAKY', 'HARNESS-ERROR', 'NON-STRICT', 'UNSUPPORTED', 'INFO', 'PASS'];

export type VerdictCounts = Record<Verdict, number>;

export function emptyCounts(): VerdictCounts {
  return { FAIL: 0, BLOCKED: 0, FLAKY: 0, 'HARNESS-ERROR': 0, 'NON-STRICT': 0, UNSUPPORTED: 0, INFO: 0, PASS: 0 };
}

export function countVerdicts(checks: readonly Pick<CheckResult, 'verdict'>[]): VerdictCounts {
  const counts = emptyCounts();
  for (const check of checks) counts[check.verdict] += 1;
  return counts;
}

/** "3 FAIL · 40 PASS": the non-zero counts in display order ("none" when empty). */
export function formatCounts(counts: VerdictCounts): string {
  const parts = VERDICT_ORDER.filter((v) => counts[v] > 0).map((v) => `${counts[v]} ${v}`);
  return parts.length > 0 ? parts.join(' · ') : 'none';
}

/** "refhost 0.1.0" or just the name when the version is unknown. */
export function hostName(run: HostRun): string {
  const { name, version } = run.run.host;
  return version ? `${name} ${version}` : name;
}

/** The host's name, then "(MCP 2026-07-28)" for a run pinned with --protocol: one column of a matrix. */
export function hostLabel(run: HostRun): string {
  return run.run.protocol === null ? hostName(run) : `${hostName(run)} (MCP ${run.run.protocol})`;
}

/**
 * Which MCP revisions a host run's evidence came from: "2025-11-25 in 250 checks, 2026-07-28 in
 * 40" (a check whose scenario saw both counts under each); null when no check records one.
 */
export function revisionsLine(checks: readonly Pick<CheckResult, 'revisions'>[]): string | null {
  const counts = new Map<string, number>();
  for (const check of checks) for (const r of check.revisions ?? []) counts.set(r, (counts.get(r) ?? 0) + 1);
  if (counts.size === 0) return null;
  return [...counts.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([r, n], i) => `${r} in ${n}${i === 0 ? ' checks' : ''}`)
    .join(', ');
}

/** At most this many kinds of leftover, and scenarios per kind, are named in the note; report.json holds them all. */
const LEFTOVER_KINDS_SHOWN = 8;
const LEFTOVER_SCENARIOS_SHOWN = 4;

const LEFTOVER_ROLE = (role: string): string =>
  role.startsWith('server:')
    ? `of stdio server ${role.slice('server:'.length)}, which STDIO-5 asks to be stopped`
    : role === 'host'
      ? "the host's own"
      : 'of the run';
const LEFTOVER_WHERE: Record<Leftover['where'], string> = {
  'host-group': "in the host's process group",
  'own-group': 'in a process group of its own',
  'own-session': 'in a session of its own',
};

/**
 * Every process that outlived the host, in one sentence: each kind (command, role, where it
 * ran, how the host ended) with the scenarios it was left in. Null when there was none.
 */
export function leftoverNote(leftovers: readonly Leftover[]): string | null {
  if (leftovers.length === 0) return null;
  const kinds = new Map<string, { first: Leftover; scenarios: Set<string> }>();
  for (const l of leftovers) {
    const key = JSON.stringify([l.command, l.role, l.where, l.hostEnded]);
    const kind = kinds.get(key) ?? { first: l, scenarios: new Set<string>() };
    kind.scenarios.add(l.scenario);
    kinds.set(key, kind);
  }
  const sorted = [...kinds.values()].sort((a, b) => b.scenarios.size - a.scenarios.size || a.first.command.localeCompare(b.first.command));
  const described = sorted.slice(0, LEFTOVER_KINDS_SHOWN).map(({ first, scenarios }) => {
    const names = [...scenarios].sort();
    const shown =
      names.slice(0, LEFTOVER_SCENARIOS_SHOWN).join(', ') +
      (names.length > LEFTOVER_SCENARIOS_SHOWN ? ` and ${names.length - LEFTOVER_SCENARIOS_SHOWN} more` : '');
    const command = first.command.length > 80 ? `${first.command.slice(0, 80)}…` : first.command;
    const ended = first.hostEnded === 'killed-by-harness' ? ', after the harness had to kill the host' : '';
    return `\`${command}\` (${LEFTOVER_ROLE(first.role)}, ${LEFTOVER_WHERE[first.where]}${ended}) in ${names.length === 1 ? 'scenario' : `${names.length} scenarios:`} ${shown}`;
  });
  const more = sorted.length > LEFTOVER_KINDS_SHOWN ? `; and ${sorted.length - LEFTOVER_KINDS_SHOWN} more kinds (report.json, run.leftovers)` : '';
  const scenarios = new Set(leftovers.map((l) => l.scenario)).size;
  return `Left running after the host exited, in ${scenarios} scenario${scenarios === 1 ? '' : 's'} (the harness killed them when the scenario ended; on a user's machine they would have gone on running): ${described.join('; ')}${more}.`;
}

/**
 * What a reader must know before trusting a host run's numbers, one sentence each: the run
 * was stopped before it finished, its leftover processes (STDIO-5) were found only by a
 * scan a daemon can escape, processes outlived the host (in any scenario, whatever it
 * grades), or it holds only the checks the specification asks (--required-by) or of some tiers (--tier). Every writer
 * shows them.
 */
export function runNotes(run: Pick<RunMetadata, 'incomplete' | 'containment'> & Partial<Pick<RunMetadata, 'requiredBy' | 'leftovers' | 'tiers'>>): string[] {
  const notes: string[] = [];
  const { incomplete, containment, requiredBy = 'catalogue', leftovers = [], tiers = TIERS } = run;
  if (incomplete !== null) {
    notes.push(
      `Incomplete: ${incomplete.signal} stopped the run after ${incomplete.scenariosFinished} of ${incomplete.scenariosPlanned} scenarios; only the checks of the finished scenarios are here, and it is not a conformant run.`,
    );
  }
  if (containment?.mechanism === 'process-scan') {
    notes.push(
      `Leftover processes (STDIO-5) were found only by a scan for the sandbox's path${containment.note === null ? '' : ` (${containment.note})`}: a daemon with a clean environment escapes it; run as root for a PID namespace per host.`,
    );
  }
  const left = leftoverNote(leftovers);
  if (left !== null) notes.push(left);
  if (requiredBy !== 'catalogue') {
    const which = requiredBy === 'spec' ? 'asks (a MUST, SHOULD or Key Principle sentence)' : 'requires with a MUST sentence';
    notes.push(
      `Narrowed (--required-by ${requiredBy}): only checks of guarantees the MCP specification itself ${which} are here; the rest of the catalogue was not graded.`,
    );
  }
  if (tiers.length < TIERS.length) notes.push(`Narrowed (--tier ${tiers.join(',')}): only checks of these tiers are here; the other tiers were not graded.`);
  return notes;
}

/** The group a guarantee belongs to: the catalogue's word, else the ID's prefix ("NET-2" -> "NET"). */
export function groupOfGuarantee(id: string, catalogue: ReadonlyMap<string, Guarantee>): string {
  return catalogue.get(id)?.group ?? id.replace(/-\d+$/, '');
}

/** A check is listed under the group of its first (primary) guarantee. */
export function groupOfCheck(check: CheckResult, catalogue: ReadonlyMap<string, Guarantee>): string {
  return groupOfGuarantee(check.guarantees[0] ?? check.id, catalogue);
}

export function catalogueMap(report: Report): Map<string, Guarantee> {
  return new Map(report.guarantees.map((g) => [g.id, g]));
}

/**
 * Groups in catalogue order (groups the catalogue does not know come last, by name),
 * each with the checks of one host run in their original order.
 */
export function checksByGroup(report: Report, checks: readonly CheckResult[]): Map<string, CheckResult[]> {
  const catalogue = catalogueMap(report);
  const order = new Map<string, number>();
  for (const g of report.guarantees) if (!order.has(g.group)) order.set(g.group, order.size);
  const byGroup = new Map<string, CheckResult[]>();
  for (const check of checks) {
    const group = groupOfCheck(check, catalogue);
    const list = byGroup.get(group) ?? [];
    list.push(check);
    byGroup.set(group, list);
  }
  const rank = (g: string): number => order.get(g) ?? Number.MAX_SAFE_INTEGER;
  return new Map([...byGroup].sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b)));
}
