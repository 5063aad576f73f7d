// Every input of `run`, checked before the first scenario starts: the host (a known name or
// a valid profile file), the scenario and guarantee filters (each matching something, and
// together selecting at least one check), the shard (no shard left empty), the
// expected-failures file (strict, either format, for this host, only names that exist) and the report
// folder (creatable and writable). Each mistake is one HarnessError CLI_INPUT naming the flag.
import type { ProtocolOffer } from '../../fake-servers/mcp/protocol-revision.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { builtinAcpProfileNames } from '../adapters/acp/acp-profile.js';
import { CODEX_SELECTOR } from '../adapters/codex/codex-adapter.js';
import type { HostAdapter } from '../adapters/host-adapter.js';
import { DEFAULT_HOST, reportFolderName, resolveHost } from '../adapters/resolve-host.js';
import { builtinHostProfile } from '../adapters/profile-schema.js';
import { GUARANTEES } from '../catalogue/guarantees.js';
import type { RequiredBy } from '../catalogue/source-schema.js';
import type { Tier } from '../catalogue/tiers.js';
import { HarnessError, oneLine } from '../errors.js';
import { readExpectedFailures, type ExpectedFailures } from '../report/expected-failures.js';
import { isOfficialBaselineFile, officialEntry } from '../report/official-baseline.js';
import { prepareOutputDir } from '../report/output-dir.js';
import { ReportError } from '../report/report-error.js';
import { quickSelection } from '../conformance/run-scenarios.js';
import { loadScenarios, matchesGuarantee, selectScenarios } from '../scenario/load-scenarios.js';
import type { Scenario } from '../scenario/scenario-schema.js';

export interface RunFlags {
  host: string;
  scenario: string[];
  guarantee: string[];
  requiredBy: RequiredBy;
  tier?: Tier[];
  list?: boolean;
  shard?: string;
  out?: string;
  expectedFailures?: string;
  performance?: boolean;
  protocol?: ProtocolOffer;
  quick?: boolean;
}

export interface RunInputs {
  adapter: HostAdapter;
  selected: Scenario[];
  expectedFailures?: ExpectedFailures;
}

const inputError = (message: string): HarnessError => new HarnessError('CLI_INPUT', message);

/** Runs `read`; a known input problem (its message names the value) becomes one line after the flag. */
function named<T>(flag: string, read: () => T, strip = ''): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof HarnessError || error instanceof ReportError) throw inputError(`${flag} ${oneLine(error.message.replace(strip, ''))}`);
    throw error;
  }
}

function hostAdapter(selector: string): HostAdapter {
  const flag = `--host ${selector}`;
  const known = [DEFAULT_HOST, CODEX_SELECTOR, ...builtinAcpProfileNames()];
  if (!known.includes(selector) && !existsSync(selector) && builtinHostProfile(selector) === null) {
    const looksLikeFile = selector.includes('/') || selector.endsWith('.json');
    throw inputError(looksLikeFile ? `${flag}: no such profile file` : `${flag}: not a known host (${known.join(', ')}) and no profile file of that name`);
  }
  return named('--host', () => resolveHost(selector), 'host profile ');
}

function checkFilters(flags: RunFlags, all: readonly Scenario[]): Scenario[] {
  for (const prefix of flags.scenario) {
    if (!all.some((s) => s.name.startsWith(prefix))) throw inputError(`--scenario ${prefix}: no scenario name starts with it (see run --list)`);
  }
  for (const prefix of flags.guarantee) {
    if (!GUARANTEES.some((g) => matchesGuarantee(g.id, prefix)))
      throw inputError(`--guarantee ${prefix}: no guarantee ID or group of the catalogue matches it (docs/guarantees.md)`);
  }
  const filtered = selectScenarios(all, { ...flags, ...(flags.tier === undefined ? {} : { tiers: flags.tier }) });
  const selected = flags.quick === true ? quickSelection(filtered).kept : filtered;
  if (selected.length === 0) {
    const scope = [
      ...(flags.requiredBy === 'catalogue' ? [] : [`--required-by ${flags.requiredBy}`]),
      ...(flags.tier === undefined ? [] : [`--tier ${flags.tier.join(',')}`]),
    ];
    const filters = [
      ...flags.scenario.map((p) => `--scenario ${p}`),
      ...flags.guarantee.map((p) => `--guarantee ${p}`),
      ...scope,
      ...(flags.quick === true ? ['--quick'] : []),
    ].join(' ');
    throw inputError(`${filters}: together they select no check`);
  }
  return selected;
}

function checkShard(shard: string, selected: number): void {
  const count = Number(shard.split('/')[1]);
  if (count > selected)
    throw inputError(`--shard ${shard}: ${selected} scenario(s) selected, fewer than ${count} shards, so a shard would run nothing (use at most ${selected})`);
}

/**
 * A name the suite does not have is one line and exit 2 in either format, never a stale entry
 * and never passed over: "stale" tells a user the host now passes and the entry can go, which
 * is false for a check that never ran, and an entry silently ignored (what the official suite
 * does with names it does not know) leaves a typo or a renamed check unnoticed. A file in the
 * official format is named back in its own spelling (`scenario:check`).
 */
function checkExpectedFailures(file: string, adapter: HostAdapter, all: readonly Scenario[]): ExpectedFailures {
  const flag = `--expected-failures ${file}`;
  const baseline = named('--expected-failures', () => readExpectedFailures(file, adapter.name));
  if (baseline.host !== adapter.name) throw inputError(`${flag}: lists failures of host "${baseline.host}", but this run's host is "${adapter.name}"`);
  const known = new Set(all.flatMap((s) => s.checks.map((c) => `${s.name}/${c.id}`)));
  const spell = isOfficialBaselineFile(file) ? officialEntry : (id: string) => id;
  const unknownScenarios = (baseline.scenarios ?? []).map((s) => s.scenario).filter((name) => !all.some((s) => s.name === name));
  const unknown = [
    ...unknownScenarios,
    ...baseline.failures
      .map((f) => f.check)
      .filter((id) => !known.has(id))
      .map(spell),
  ];
  if (unknown.length > 0) {
    const shown = unknown.slice(0, 5).join(', ') + (unknown.length > 5 ? ` and ${unknown.length - 5} more` : '');
    throw inputError(`${flag}: not in this suite: ${shown} (run --list names every scenario and check)`);
  }
  return baseline;
}

/**
 * test-results/reference-host/ for the bundled host, test-results/<profile name>/ otherwise: a
 * run's own reports go where test tools put theirs (git-ignored here), never over the
 * committed reports/<host>/, which are regenerated on purpose with --out.
 */
export function defaultOutDir(adapter: HostAdapter): string {
  return join(process.cwd(), 'test-results', reportFolderName(adapter));
}

/** Checks the inputs `--list` needs too: the host and the selection. */
export async function checkSelection(flags: RunFlags): Promise<RunInputs & { all: Scenario[] }> {
  const adapter = hostAdapter(flags.host);
  const all = await loadScenarios();
  return { adapter, all, selected: checkFilters(flags, all) };
}

/** Checks every input of a run; creates the report folder last (returned: the folder created, if any). */
export async function checkRunInputs(
  flags: RunFlags,
  outDir: (adapter: HostAdapter) => string,
): Promise<RunInputs & { outDir: string; createdDir: string | undefined }> {
  const { adapter, all, selected } = await checkSelection(flags);
  if (flags.shard !== undefined) checkShard(flags.shard, selected.length);
  const expectedFailures = flags.expectedFailures === undefined ? undefined : checkExpectedFailures(flags.expectedFailures, adapter, all);
  const dir = outDir(adapter);
  const createdDir = named('--out', () => prepareOutputDir(dir));
  return { adapter, selected, outDir: dir, createdDir, ...(expectedFailures === undefined ? {} : { expectedFailures }) };
}
