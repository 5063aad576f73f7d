// Every source mutant of refhost (issue 13), one list per area (mutants-*.ts), checked here:
// each entry has the Mutant shape and a unique id. The campaign (benchmarks/mutation-campaign.ts)
// and the tests read this list; each mutant's `find` is checked against its file when built.
import { MutantError, MutantSchema, type Mutant } from './mutant-build.js';
import { APPROVAL_RESULT_MUTANTS } from './mutants-approval-results.js';
import { APPROVE_RESULT_INJECT_FAMILY_MUTANTS } from './mutants-approve-result-inject-families.js';
import { CREDENTIAL_NETWORK_MUTANTS } from './mutants-credentials-network.js';
import { DISCOVERY_EXPOSURE_MUTANTS } from './mutants-discovery-exposure.js';
import { INJECT_MUTANTS } from './mutants-inject.js';
import { NET_CRED_CONFIG_FAMILY_MUTANTS } from './mutants-net-cred-config-families.js';
import { OPTIONAL_MUTANTS } from './mutants-optional.js';
import { RESOURCE_PROMPT_REPLAY_FAMILY_MUTANTS } from './mutants-resource-prompt-replay-families.js';
import { POLICY_LIMIT_TELEMETRY_FAMILY_MUTANTS } from './mutants-policy-limit-telemetry-families.js';
import { STDIO_TRANSPORT_DISCOVER_FAMILY_MUTANTS } from './mutants-stdio-transport-discover-families.js';
import { STDIO_TRANSPORT_MUTANTS } from './mutants-stdio-transport.js';

function checked(mutants: readonly Mutant[]): readonly Mutant[] {
  const seen = new Set<string>();
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
  ...DISCOVERY_EXPOSURE_MUTANTS,
  ...APPROVAL_RESULT_MUTANTS,
  ...CREDENTIAL_NETWORK_MUTANTS,
  ...NET_CRED_CONFIG_FAMILY_MUTANTS,
  ...STDIO_TRANSPORT_MUTANTS,
  ...STDIO_TRANSPORT_DISCOVER_FAMILY_MUTANTS,
  ...INJECT_MUTANTS,
  ...OPTIONAL_MUTANTS,
  ...RESOURCE_PROMPT_REPLAY_FAMILY_MUTANTS,
  ...POLICY_LIMIT_TELEMETRY_FAMILY_MUTANTS,
  ...APPROVE_RESULT_INJECT_FAMILY_MUTANTS,
]);
