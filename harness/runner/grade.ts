// From a check's grade to a verdict: FAIL is weighed by level (a SHOULD missed is
// NON-STRICT, a MAY is INFO); optional guarantees the host declares absent, and abilities a
// check needs that the host lacks, are UNSUPPORTED with the reason; a step the host's protocol
// cannot express makes what it blocked UNSUPPORTED too; a check whose precondition never
// happened is BLOCKED, naming what blocked it, while one whose own guarantee's demand never
// happened FAILs (evidence.ts: notReached / neverHappened); when the scripted model could not
// find a tool, that one cause is named instead of each check's own, FAIL for the checks whose
// guarantees ask the host to offer the tool (asksToOffer), BLOCKED for the others; likewise a
// tool output the host owed the model and never sent FAILs the checks whose guarantees ask that
// the model be told (asksToTell, outcome-owed.ts) and blocks the others; a broken
// suite is HARNESS-ERROR, never a verdict against the host.
import { asksToOffer, asksToTell, guaranteeById } from '../catalogue/guarantees.js';
import type { HostCapabilities } from '../adapters/host-adapter.js';
import type { CheckResult, Level, Verdict } from '../report/schema.js';
import { specReferencesOf } from '../report/spec-references.js';
import type { Observations } from '../scenario/observations.js';
import type { Check, Grade, Scenario } from '../scenario/scenario-schema.js';
import { lackedAbility } from '../scenario/abilities.js';
import { revisionsUsed } from './revisions-used.js';

const STRENGTH: Record<Level, number> = { MUST: 3, SHOULD: 2, MAY: 1 };

/** The check's own level, else the strongest level among its guarantees. */
export function levelOf(check: Check): Level {
  if (check.level !== undefined) return check.level;
  const levels = check.guarantees.map((id) => guaranteeById(id)?.level ?? 'MUST');
  return levels.reduce((a, b) => (STRENGTH[b] > STRENGTH[a] ? b : a), 'MAY');
}

/**
 * For a check of optional guarantees only, the first the host declares absent: the check needs
 * all of them (POLICY-3 with RESOURCE-2: no resource allowlist without resource reads). A check
 * that also cites a mandatory guarantee is always graded.
 */
function declaredAbsent(check: Check, capabilities: Pick<HostCapabilities, 'unsupported'>): string | undefined {
  const guarantees = check.guarantees.map((id) => ({ id, g: guaranteeById(id) }));
  if (guarantees.some(({ g }) => g === undefined || !g.optional)) return undefined;
  return guarantees.find(({ id, g }) => capabilities.unsupported.some((p) => p === id || p === g?.group))?.id;
}

/** The first ability the scenario or check needs that the host lacks, as the reason shown. */
export function missingAbility(scenario: Pick<Scenario, 'needs'>, check: Pick<Check, 'needs'> | null, capabilities: HostCapabilities): string | null {
  return lackedAbility([...(scenario.needs ?? []), ...(check?.needs ?? [])], capabilities);
}

/**
 * Why a check does not apply to this host before anything is run (UNSUPPORTED, with this as what
 * was observed): an optional guarantee it declares absent, or an ability it lacks; null when it
 * applies. The runner does not run a scenario none of whose checks apply.
 */
export function notApplicable(scenario: Pick<Scenario, 'needs'>, check: Check, capabilities: HostCapabilities): string | null {
  const absent = declaredAbsent(check, capabilities);
  if (absent !== undefined) return `the host declares the optional guarantee ${absent} absent`;
  const missing = missingAbility(scenario, check, capabilities);
  return missing === null ? null : `${missing}, so this does not apply`;
}

function weigh(grade: Grade, level: Level): Verdict {
  if (level === 'MAY') return 'INFO';
  if (grade.verdict === 'PASS') return 'PASS';
  return level === 'SHOULD' ? 'NON-STRICT' : 'FAIL';
}

/** Names the tools the model could not find, and what it was offered; null when it found every one. */
function unresolvedCause(obs: Observations): string | null {
  const [first] = obs.unresolvedTargets;
  if (first === undefined) return null;
  const targets = [...new Set(obs.unresolvedTargets.map((u) => u.target))].join(', ');
  return `the model could not find ${targets} (model request #${first.requestIndex + 1}: ${first.reason})`;
}

/**
 * What the model was sent before the script stopped at a step the host's protocol cannot drive:
 * what it got while the harness then ended the host (an agent reporting its closed permission
 * stream as an error) is no answer to that step, so it is not graded as one.
 */
function beforeUndrivableStop(obs: Observations): Observations {
  const stop = obs.script.stoppedAt;
  if (stop?.undrivable !== true || stop.requests === undefined) return obs;
  const n = stop.requests;
  return { ...obs, modelRequests: obs.modelRequests.slice(0, n), toolOutputs: obs.toolOutputs.filter((t) => t.request < n) };
}

export interface GradeContext {
  scenario: Scenario;
  observations: Observations;
  capabilities: HostCapabilities;
  durationMs: number;
  rerun: string;
}

export function gradeChecks(ctx: GradeContext): CheckResult[] {
  const { scenario, observations } = ctx;
  const stop = observations.script.stoppedAt;
  const revisions = revisionsUsed(observations);
  return scenario.checks.map((check): CheckResult => {
    const level = levelOf(check);
    const base = {
      id: `${scenario.name}/${check.id}`,
      scenario: scenario.name,
      guarantees: check.guarantees,
      level,
      expected: check.expected,
      durationMs: ctx.durationMs,
      rerun: ctx.rerun,
      ...(revisions.length === 0 ? {} : { revisions }),
      ...specReferencesOf(check.guarantees),
      // What the check applies, as its grade function declares it; a grade's own report (a deadline in force) replaces it below.
      ...(check.grade.thresholds === undefined ? {} : { thresholds: check.grade.thresholds }),
    };
    const inapplicable = notApplicable(scenario, check, ctx.capabilities);
    if (inapplicable !== null) return { ...base, verdict: 'UNSUPPORTED', observed: inapplicable, evidence: [] };
    if (observations.harnessErrors.length > 0) {
      return { ...base, verdict: 'HARNESS-ERROR', observed: `the suite broke: ${observations.harnessErrors.join('; ')}`, evidence: [] };
    }
    let grade: Grade;
    try {
      grade = check.grade(beforeUndrivableStop(observations));
    } catch (error) {
      return { ...base, verdict: 'HARNESS-ERROR', observed: `the check itself threw: ${(error as Error).message}`, evidence: [] };
    }
    const graded = grade.applied === undefined ? base : { ...base, thresholds: grade.applied };
    if (grade.unsupported === true) return { ...graded, verdict: 'UNSUPPORTED', observed: grade.observed, evidence: grade.evidence };
    if ((grade.reached === false || grade.owed === true) && stop?.undrivable === true) {
      return {
        ...graded,
        verdict: 'UNSUPPORTED',
        observed: `the host's protocol cannot drive step ${stop.step} (${stop.what}): ${stop.reason}`,
        evidence: grade.evidence,
      };
    }
    if (grade.reached === false) {
      // The model could not find a tool: the host offered no function for it. A breach of a
      // check whose guarantees ask the host to offer it; for any other check, what blocked it.
      const cause = unresolvedCause(observations);
      if (cause !== null && check.guarantees.some(asksToOffer)) {
        return {
          ...graded,
          verdict: weigh({ ...grade, verdict: 'FAIL' }, level),
          observed: `never happened: the host offering the tool, owed by ${check.guarantees.filter(asksToOffer).join(', ')}: ${cause}`,
          evidence: grade.evidence,
        };
      }
      // The host owed the model an outcome it never sent: the breach of a check that asks that the model be told.
      if (grade.owedToModel !== undefined && check.guarantees.some(asksToTell)) {
        return { ...graded, verdict: weigh({ ...grade, verdict: 'FAIL' }, level), observed: grade.owedToModel, evidence: grade.evidence };
      }
      // The check could not look: BLOCKED by what kept it from looking, never a FAIL of its guarantee.
      return {
        ...graded,
        verdict: level === 'MAY' ? 'INFO' : 'BLOCKED',
        observed: cause === null ? grade.observed : `not reached: ${cause}`,
        evidence: grade.evidence,
      };
    }
    // What the check's own guarantee demanded never happened (owed) is a FAIL like any other.
    return { ...graded, verdict: weigh(grade, level), observed: grade.observed, evidence: grade.evidence };
  });
}
