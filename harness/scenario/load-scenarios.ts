// Finds scenarios/<kebab-name>.scenario.ts by listing the folder (no hand-kept import list),
// imports each and validates it with ScenarioSchema; a bad file is a HarnessError naming
// the file and the field. Also selects scenarios and checks by ID prefixes.
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { guaranteeById, isRequiredBy } from '../catalogue/guarantees.js';
import type { RequiredBy } from '../catalogue/source-schema.js';
import { highestTier, TIERS, type Tier } from '../catalogue/tiers.js';
import { formatIssues, HarnessError } from '../errors.js';
import { runningFromDist, suiteRoot } from '../suite-root.js';
import { ScenarioSchema, type Scenario } from './scenario-schema.js';

const NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** scenarios/ next to the sources, or dist/scenarios when running built. */
export function scenarioDir(): string {
  return runningFromDist() ? join(suiteRoot(), 'dist', 'scenarios') : join(suiteRoot(), 'scenarios');
}

export function scenarioSuffix(): string {
  return runningFromDist() ? '.scenario.js' : '.scenario.ts';
}

/** Every scenario file in `dir`, sorted by name. */
export function scenarioFiles(dir = scenarioDir(), suffix = scenarioSuffix()): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(suffix))
    .sort()
    .map((f) => join(dir, f));
}

export function scenarioName(file: string): string {
  return basename(file).replace(/\.scenario\.[jt]s$/, '');
}

/** Validates a module's default export; every problem names the file and the field. */
export function parseScenario(exported: unknown, file: string): Scenario {
  const name = scenarioName(file);
  const problems: string[] = [];
  if (!NAME.test(name)) problems.push(`(file name): "${name}" is not kebab-case`);
  const parsed = ScenarioSchema.safeParse(exported);
  if (!parsed.success) problems.push(formatIssues(parsed.error.issues));
  else {
    const seen = new Set<string>();
    parsed.data.checks.forEach((check, i) => {
      if (seen.has(check.id)) problems.push(`checks.${i}.id: "${check.id}" is used twice`);
      seen.add(check.id);
      check.guarantees.forEach((id, j) => {
        if (guaranteeById(id) === undefined) problems.push(`checks.${i}.guarantees.${j}: unknown guarantee ${id}`);
      });
    });
  }
  if (problems.length > 0 || !parsed.success) throw new HarnessError('SCENARIO_INVALID', `scenario ${file}:\n${problems.join('\n')}`);
  return { ...parsed.data, name, file };
}

export async function loadScenario(file: string): Promise<Scenario> {
  let mod: { default?: unknown };
  try {
    mod = (await import(pathToFileURL(file).href)) as { default?: unknown };
  } catch (error) {
    throw new HarnessError('SCENARIO_INVALID', `scenario ${file}: cannot be imported: ${(error as Error).message}`);
  }
  if (mod.default === undefined) throw new HarnessError('SCENARIO_INVALID', `scenario ${file}: no default export (export default defineScenario({...}))`);
  return parseScenario(mod.default, file);
}

export interface ScenarioFilter {
  /** Scenario name prefixes. */
  scenario?: readonly string[];
  /** Guarantee ID prefixes ("APPROVE", "APPROVE-1"). */
  guarantee?: readonly string[];
  /** Keep only checks of guarantees the specification asks (`spec`, `spec-must`); `catalogue` keeps all. */
  requiredBy?: RequiredBy;
  /** Keep only checks whose tier (their most demanding guarantee's) is one of these; absent keeps all. */
  tiers?: readonly Tier[];
}

export function matchesGuarantee(id: string, prefix: string): boolean {
  return id === prefix || id.startsWith(prefix.endsWith('-') ? prefix : `${prefix}-`);
}

/** Keeps scenarios whose name matches; with guarantee prefixes or --required-by, keeps only matching checks. */
export function selectScenarios(all: readonly Scenario[], filter: ScenarioFilter): Scenario[] {
  const byName = filter.scenario?.length ? all.filter((s) => filter.scenario!.some((p) => s.name.startsWith(p))) : [...all];
  const prefixes = filter.guarantee ?? [];
  const scope = filter.requiredBy ?? 'catalogue';
  const tiers = filter.tiers ?? TIERS;
  if (prefixes.length === 0 && scope === 'catalogue' && tiers.length === TIERS.length) return byName;
  const kept = (id: string): boolean => (prefixes.length === 0 || prefixes.some((p) => matchesGuarantee(id, p))) && isRequiredBy(guaranteeById(id), scope);
  const tierKept = (guarantees: readonly string[]): boolean => tiers.includes(highestTier(guarantees.map((id) => guaranteeById(id)?.tier ?? 'contract')));
  return byName.map((s) => ({ ...s, checks: s.checks.filter((c) => c.guarantees.some(kept) && tierKept(c.guarantees)) })).filter((s) => s.checks.length > 0);
}

export async function loadScenarios(filter: ScenarioFilter = {}, dir?: string): Promise<Scenario[]> {
  const all = await Promise.all(scenarioFiles(dir).map(loadScenario));
  return selectScenarios(all, filter);
}
