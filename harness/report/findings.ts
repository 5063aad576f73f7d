// A host's failures by root cause (issue 25): failing checks that share what was seen behind
// them are one finding, so one missing redirect policy is one finding with its six checks, not
// six. Two failing checks share a cause when they break the same primary guarantee (one rule
// the host does not keep), or when in one scenario they rest on the same evidence (one
// observation, such as a RESULT-n and a RESULT-9 check reading the same tool output). Each
// finding carries its gravest severity, its most demanding tier, the decisive evidence line and
// the command that reproduces it. Only FAIL and NON-STRICT verdicts are findings: BLOCKED,
// UNSUPPORTED and HARNESS-ERROR say nothing about the host.
import { gravest, SEVERITIES, severityOf, type Severity } from '../catalogue/severity.js';
import { TIERS, type Tier } from '../catalogue/tiers.js';
import type { CheckResult, Guarantee } from './schema.js';
import { checkTier, guaranteeTier } from './tier-view.js';

export interface Finding {
  /** Stable across runs: the primary guarantee and the first check ("NET-2 net-redirect-every-code/code-301"). */
  key: string;
  severity: Severity;
  tier: Tier;
  /** The guarantees its checks break, primary first. */
  guarantees: string[];
  /** The guarantee's words, for a reader who has not opened the catalogue. */
  title: string;
  /** The first check's observation and its decisive evidence line. */
  observed: string;
  evidence: { source: string; line: string } | null;
  checks: CheckResult[];
  /** Reruns the first check's scenario (the others' scenarios are listed with their checks). */
  repro: string;
}

/** At most this many characters of the decisive evidence line. */
const EVIDENCE_LINE_MAX = 300;

function severityOfCheck(check: CheckResult, catalogue: ReadonlyMap<string, Pick<Guarantee, 'tier'>>): Severity {
  return gravest(check.guarantees.map((id) => severityOf(id, guaranteeTier(id, catalogue))));
}

/**
 * The evidence line that decides: the first line, in any of the check's evidence, naming what
 * the check observed (a leaked value, a status, a request), else the first line of the first
 * evidence; capped. Null when the check has no evidence.
 */
export function decisiveEvidence(evidence: CheckResult['evidence'], observed: string): { source: string; line: string } | null {
  const linesOf = (excerpt: string): string[] =>
    excerpt
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '');
  const words = (observed.match(/"[^"]{3,}"|[A-Za-z0-9_./:-]{6,}/g) ?? []).map((w) => w.replace(/^"|"$/g, ''));
  const cap = (line: string): string => (line.length > EVIDENCE_LINE_MAX ? `${line.slice(0, EVIDENCE_LINE_MAX - 1)}…` : line);
  for (const e of evidence) {
    const line = linesOf(e.excerpt).find((l) => words.some((w) => l.includes(w)));
    if (line !== undefined) return { source: e.source, line: cap(line) };
  }
  const first = evidence[0];
  return first === undefined ? null : { source: first.source, line: cap(linesOf(first.excerpt)[0] ?? '') };
}

/** Union-find over check indexes. */
function groups(checks: readonly CheckResult[]): number[][] {
  const parent = checks.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i] as number)));
  const join = (a: number, b: number): void => void (parent[find(a)] = find(b));
  const firstBy = new Map<string, number>();
  const link = (key: string, i: number): void => {
    const seen = firstBy.get(key);
    if (seen === undefined) firstBy.set(key, i);
    else join(i, seen);
  };
  checks.forEach((c, i) => {
    link(`g\u0000${c.guarantees[0] ?? c.id}`, i);
    const first = c.evidence[0];
    if (first !== undefined && first.excerpt.trim() !== '') link(`e\u0000${c.scenario}\u0000${first.source}\u0000${first.excerpt}`, i);
  });
  const byRoot = new Map<number, number[]>();
  checks.forEach((_, i) => byRoot.set(find(i), [...(byRoot.get(find(i)) ?? []), i]));
  return [...byRoot.values()];
}

export function findingsOf(checks: readonly CheckResult[], catalogue: ReadonlyMap<string, Guarantee>): Finding[] {
  const failing = checks.filter((c) => c.verdict === 'FAIL' || c.verdict === 'NON-STRICT');
  const rank = (c: CheckResult): number =>
    (c.verdict === 'FAIL' ? 0 : 1) * 100 + SEVERITIES.indexOf(severityOfCheck(c, catalogue)) * 10 + TIERS.indexOf(checkTier(c, catalogue));
  const findings = groups(failing).map((members): Finding => {
    const own = members.map((i) => failing[i] as CheckResult).sort((a, b) => rank(a) - rank(b) || a.id.localeCompare(b.id));
    const first = own[0] as CheckResult;
    const guarantees = [...new Set(own.flatMap((c) => c.guarantees))];
    const primary = first.guarantees[0] ?? first.id;
    return {
      key: `${primary} ${first.id}`,
      severity: gravest(own.map((c) => severityOfCheck(c, catalogue))),
      tier: TIERS.find((t) => own.some((c) => checkTier(c, catalogue) === t)) ?? 'contract',
      guarantees,
      title: catalogue.get(primary)?.text ?? primary,
      observed: first.observed,
      evidence: decisiveEvidence(first.evidence, first.observed),
      checks: own,
      repro: first.rerun,
    };
  });
  // Gravest first; within a severity, what the specification asks first, then the widest.
  const allNonStrict = (f: Finding): number => (f.checks.every((c) => c.verdict === 'NON-STRICT') ? 1 : 0);
  return findings.sort(
    (a, b) =>
      allNonStrict(a) - allNonStrict(b) ||
      SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity) ||
      TIERS.indexOf(a.tier) - TIERS.indexOf(b.tier) ||
      b.checks.length - a.checks.length ||
      a.key.localeCompare(b.key),
  );
}

/** "3 security · 1 data-loss · 12 contract-difference": findings per severity, gravest first. */
export function severityCounts(findings: readonly Finding[]): string {
  const parts = SEVERITIES.map((s) => [s, findings.filter((f) => f.severity === s).length] as const).filter(([, n]) => n > 0);
  return parts.length === 0 ? 'none' : parts.map(([s, n]) => `${n} ${s}`).join(' · ');
}
