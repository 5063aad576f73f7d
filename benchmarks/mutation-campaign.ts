// The mutation campaign (issue 13): every source mutant of refhost (MUTANTS in harness/
// faulty-hosts/mutants.ts) is bundled and run against ALL scenarios, a few scenarios at a time, and
// classified caught / caught elsewhere / survived / harness error (mutation-verdict.ts).
// The unmutated bundle runs first and must pass every check, else the campaign stops.
// Scenarios that failed are run once more, so a timing flake on a busy machine is not a catch.
// --targeted runs each mutant only against the scenarios with a check naming its guarantee:
// what "caught" means (the check that names the guarantee fails), in a fraction of the time.
//   npx tsx benchmarks/mutation-campaign.ts [--mutant PREFIX]... [--scenario PREFIX]... [--targeted] [--out FILE.json] [--concurrency N]
import { performance } from 'node:perf_hooks';
import { buildMutant, brokenGuarantee, MutantError, type Mutant } from '../harness/faulty-hosts/mutant-build.js';
import { createMutantHostAdapter } from '../harness/faulty-hosts/mutant-host-adapter.js';
import { MUTANTS } from '../harness/faulty-hosts/mutants.js';
import type { CheckResult } from '../harness/report/schema.js';
import { runScenario } from '../harness/runner/run-scenario.js';
import { loadScenarios } from '../harness/scenario/load-scenarios.js';
import type { Scenario } from '../harness/scenario/scenario-schema.js';
import { requireBuilt } from './bench-kit.js';
import { writeCampaignFiles, type CampaignResult, type MutantRecord } from './mutation-report.js';
import { classifyMutant, groupLine, isFailing, summaryLine, withArgument } from './mutation-verdict.js';

interface CampaignArgs {
  mutant: string[];
  scenario: string[];
  out: string | undefined;
  concurrency: number;
  targeted: boolean;
}

function usage(problem: string): never {
  process.stderr.write(
    `mutation-campaign: ${problem} (usage: [--mutant PREFIX]... [--scenario PREFIX]... [--targeted] [--out FILE.json] [--concurrency 1-3])\n`,
  );
  process.exit(2);
}

function parseCampaignArgs(argv: readonly string[]): CampaignArgs {
  const args: CampaignArgs = { mutant: [], scenario: [], out: undefined, concurrency: 2, targeted: argv.includes('--targeted') };
  const pairs = argv.filter((a) => a !== '--targeted');
  for (let i = 0; i < pairs.length; i += 2) {
    const [flag, value] = [pairs[i], pairs[i + 1]];
    if (value === undefined || value.startsWith('--')) usage(`${flag} needs a value`);
    if (flag === '--mutant') args.mutant.push(value);
    else if (flag === '--scenario') args.scenario.push(value);
    else if (flag === '--out') args.out = value;
    else if (flag === '--concurrency' && /^[1-3]$/.test(value)) args.concurrency = Number(value);
    else usage(`unknown option ${flag} ${value}`);
  }
  return args;
}

/** Runs `work` over `items`, at most `limit` at a time, results in item order. */
async function mapPool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

interface PassResult {
  results: CheckResult[];
  errors: string[];
  /** Scenario name -> wall time (ms). */
  durations: Map<string, number>;
}

async function runAll(scenarios: readonly Scenario[], id: string, bundle: string, concurrency: number): Promise<PassResult> {
  const adapter = createMutantHostAdapter({ id }, bundle);
  const durations = new Map<string, number>();
  const errors: string[] = [];
  const runs = await mapPool(scenarios, concurrency, async (scenario) => {
    const begin = performance.now();
    try {
      return (await runScenario(scenario, { adapter })).results;
    } catch (error) {
      errors.push(`${scenario.name}: the run threw: ${(error as Error).message}`);
      return [];
    } finally {
      durations.set(scenario.name, performance.now() - begin);
    }
  });
  return { results: runs.flat(), errors, durations };
}

async function runMutant(mutant: Mutant, scenarios: readonly Scenario[], concurrency: number): Promise<MutantRecord> {
  const begin = performance.now();
  const base = { id: mutant.id, seam: mutant.seam, guarantee: brokenGuarantee(mutant), breaks: mutant.breaks };
  let bundle: string;
  try {
    bundle = await buildMutant(mutant);
  } catch (error) {
    if (!(error instanceof MutantError)) throw error;
    return { ...base, verdict: 'harness error', failing: [], flaky: [], harnessErrors: [error.message], durationMs: 0 };
  }
  const first = await runAll(scenarios, mutant.id, bundle, concurrency);
  const failedScenarios = new Set(first.results.filter(isFailing).map((r) => r.scenario));
  const confirm = await runAll(
    scenarios.filter((s) => failedScenarios.has(s.name)),
    mutant.id,
    bundle,
    concurrency,
  );
  const outcome = classifyMutant(base.guarantee, first.results, confirm.results, first.errors);
  return { ...base, ...outcome, verdict: withArgument(outcome.verdict, mutant.argued), durationMs: Math.round(performance.now() - begin) };
}

/** The baseline must pass everything; its durations order the scenarios longest first. */
async function baseline(scenarios: readonly Scenario[], concurrency: number): Promise<Scenario[]> {
  const bundle = await buildMutant(null);
  const pass = await runAll(scenarios, 'baseline', bundle, concurrency);
  // As for mutants: a scenario that failed runs once more, and only a failure that comes back counts.
  const failed = new Set(pass.results.filter(isFailing).map((r) => r.scenario));
  const again =
    failed.size === 0
      ? null
      : await runAll(
          scenarios.filter((s) => failed.has(s.name)),
          'baseline',
          bundle,
          concurrency,
        );
  const final = again === null ? pass.results : [...pass.results.filter((r) => !failed.has(r.scenario)), ...again.results];
  const bad = final.filter((r) => r.verdict !== 'PASS' && r.verdict !== 'INFO');
  const errors = [...pass.errors, ...(again?.errors ?? [])];
  if (bad.length > 0 || errors.length > 0) {
    for (const r of bad) process.stderr.write(`baseline ${r.verdict} ${r.id}: ${r.observed}\n`);
    for (const e of errors) process.stderr.write(`baseline: ${e}\n`);
    process.stderr.write(`mutation-campaign: the unmutated bundle does not pass every check; no mutant was run\n`);
    process.exit(1);
  }
  process.stdout.write(
    `baseline: ${final.length} checks PASS in ${scenarios.length} scenarios${failed.size > 0 ? ` (${[...failed].join(', ')} passed on a second run)` : ''}\n`,
  );
  return [...scenarios].sort((a, b) => (pass.durations.get(b.name) ?? 0) - (pass.durations.get(a.name) ?? 0));
}

async function main(): Promise<void> {
  const args = parseCampaignArgs(process.argv.slice(2));
  requireBuilt('dist/stdio-fake.mjs');
  const mutants = args.mutant.length === 0 ? MUTANTS : MUTANTS.filter((m) => args.mutant.some((p) => m.id.startsWith(p)));
  if (mutants.length === 0) usage(`no mutant matches ${args.mutant.join(', ')}`);
  const loaded = await loadScenarios({ scenario: args.scenario });
  if (loaded.length === 0) usage(`no scenario matches ${args.scenario.join(', ')}`);
  const began = new Date();
  const start = performance.now();
  const scenarios = await baseline(loaded, args.concurrency);
  const records: MutantRecord[] = [];
  for (const mutant of mutants) {
    const naming = scenarios.filter((s) => s.checks.some((c) => c.guarantees.includes(brokenGuarantee(mutant))));
    const record = await runMutant(mutant, args.targeted ? naming : scenarios, args.concurrency);
    records.push(record);
    const detail = record.verdict === 'caught' ? '' : ` ${record.failing.map((f) => f.id).join(' ')}${record.harnessErrors.join(' ')}`;
    process.stdout.write(
      `[${records.length}/${mutants.length}] ${record.id} (${record.guarantee}): ${record.verdict} in ${(record.durationMs / 1000).toFixed(0)} s${detail}\n`,
    );
    const result: CampaignResult = {
      startedAt: began.toISOString(),
      wallMs: Math.round(performance.now() - start),
      concurrency: args.concurrency,
      scenarios: scenarios.map((s) => s.name),
      summary: summaryLine(records.map((r) => r.verdict)),
      byGroup: groupLine(records),
      mutants: records,
    };
    // Rewritten after every mutant, so a long campaign can be read while it runs.
    if (args.out !== undefined) writeCampaignFiles(args.out, result);
  }
  process.stdout.write(`${summaryLine(records.map((r) => r.verdict))}\n${groupLine(records)}\n`);
  process.stdout.write(`campaign took ${((performance.now() - start) / 60_000).toFixed(1)} min\n`);
}

await main();
