// Every source mutant of refhost, checked here: each entry has the Mutant shape and a unique id.
// One list per guarantee group, named like the checks that grade them (mutants-GROUP.ts beside
// harness/scenario/checks-GROUP.ts and faults-GROUP.ts); refhost lines that mutants of two groups
// anchor to are in mutant-anchors.ts. Written in two rounds: issue 13 (one-line bugs a host
// developer would plausibly write) and issue 26 (the other member of each family, from the
// catalogue and refhost's code, without reading the checks); each breaks exactly one guarantee.
// The campaign (benchmarks/mutation-campaign.ts) and the tests read this list; each mutant's
// `find` is checked against its seam (`// seam: NAME` in refhost, seams.ts) when built.
// KNOWN_ANSWER_MUTANTS change the known-answer hosts instead (mutants-known-answer.ts): the
// faulty-host test proves checks with them; the campaign, which grades against refhost's
// baseline, leaves them out.
import { MutantError, MutantSchema, type Mutant } from './mutant-build.js';
import { APPROVAL_RESULT_MUTANTS } from './mutants-approval-results.js';
import { CREDENTIAL_NETWORK_MUTANTS } from './mutants-credentials-network.js';
import { DEADLINE_MUTANTS } from './mutants-deadlines.js';
import { EXPOSURE_LIMIT_MUTANTS } from './mutants-exposure-limits.js';
import { INJECT_TRANSPORT_MUTANTS } from './mutants-inject-transport.js';
import { KNOWN_ANSWER_MUTANTS as KNOWN_ANSWER } from './mutants-known-answer.js';
import { POLICY_TELEMETRY_MUTANTS } from './mutants-policy-telemetry.js';
import { REPLAY_MUTANTS } from './mutants-replay.js';
import { RESOURCE_PROMPT_MUTANTS } from './mutants-resources-prompts.js';
import { SERVER_ASK_MUTANTS } from './mutants-server-asks.js';
import { STDIO_DISCOVERY_MUTANTS } from './mutants-stdio-discovery.js';

const seen = new Set<string>();
/** Each list's entries parsed, and every id unique across both lists. */
function checked(mutants: readonly Mutant[]): readonly Mutant[] {
  for (const [i, mutant] of mutants.entries()) {
    const parsed = MutantSchema.safeParse(mutant);
    if (!parsed.success)
      throw new MutantError(`mutant #${i} (${mutant.id}): ${parsed.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; ')}`);
    if (seen.has(mutant.id)) throw new MutantError(`mutant ${mutant.id} is listed twice`);
    seen.add(mutant.id);
  }
  return Object.freeze([...mutants]);
}

export const MUTANTS: readonly Mutant[] = checked([
  ...APPROVAL_RESULT_MUTANTS,
  ...CREDENTIAL_NETWORK_MUTANTS,
  ...DEADLINE_MUTANTS,
  ...EXPOSURE_LIMIT_MUTANTS,
  ...INJECT_TRANSPORT_MUTANTS,
  ...POLICY_TELEMETRY_MUTANTS,
  ...REPLAY_MUTANTS,
  ...RESOURCE_PROMPT_MUTANTS,
  ...SERVER_ASK_MUTANTS,
  ...STDIO_DISCOVERY_MUTANTS,
]);

export const KNOWN_ANSWER_MUTANTS: readonly Mutant[] = checked(KNOWN_ANSWER);
