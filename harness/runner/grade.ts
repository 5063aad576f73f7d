// From a check's grade to a verdict: FAIL is weighed by level (a SHOULD missed is
// NON-STRICT, a MAY is INFO); optional guarantees the host declares absent are UNSUPPORTED;
// a broken suite is HARNESS-ERROR, never a verdict against the host.
import { guaranteeById } from '../catalogue/guarantees.js';
import type { HostFeatures } from '../adapters/host-adapter.js';
import type { CheckResult, Level, Verdict } from '../report/schema.js';
import type { Observations } from '../scenario/observations.js';
import type { Check, Grade, Scenario } from '../scenario/scenario-schema.js';

const STRENGTH: Record<Level, number> = { MUST: 3, SHOULD: 2, MAY: 1 };

/** The check's own level, else the strongest level among its guarantees. */
export function levelOf(check: Check): Level {
  if (check.level !== undefined) return check.level;
  const levels = check.guarantees.map((id) => guaranteeById(id)?.level ?? 'MUST');
  return levels.reduce((a, b) => (STRENGTH[b] > STRENGTH[a] ? b : a), 'MAY');
}

function declaredAbsent(check: Check, features: HostFeatures): boolean {
  return check.guarantees.every((id) => {
    const g = guaranteeById(id);
    return g !== undefined && g.optional && features.unsupported.some((p) => p === id || p === g.group);
  });
}

function weigh(grade: Grade, level: Level): Verdict {
  if (level === 'MAY') return 'INFO';
  if (grade.verdict === 'PASS') return 'PASS';
  return level === 'SHOULD' ? 'NON-STRICT' : 'FAIL';
}

export interface GradeContext {
  scenario: Scenario;
  observations: Observations;
  features: HostFeatures;
  durationMs: number;
  rerun: string;
}

export function gradeChecks(ctx: GradeContext): CheckResult[] {
  const { scenario, observations } = ctx;
  return scenario.checks.map((check): CheckResult => {
    const level = levelOf(check);
    const base = { id: `${scenario.name}/${check.id}`, scenario: scenario.name, guarantees: check.guarantees, level, expected: check.expected, durationMs: ctx.durationMs, rerun: ctx.rerun };
    if (declaredAbsent(check, ctx.features)) {
      return { ...base, verdict: 'UNSUPPORTED', observed: 'the host profile declares this optional guarantee absent', evidence: [] };
    }
    if (observations.harnessErrors.length > 0) {
      return { ...base, verdict: 'HARNESS-ERROR', observed: `the suite broke: ${observations.harnessErrors.join('; ')}`, evidence: [] };
    }
    try {
      const grade = check.grade(observations);
      return { ...base, verdict: weigh(grade, level), observed: grade.observed, evidence: grade.evidence };
    } catch (error) {
      return { ...base, verdict: 'HARNESS-ERROR', observed: `the check itself threw: ${(error as Error).message}`, evidence: [] };
    }
  });
}
