// Benchmark (not a test) of the harness against the "Speed and stability" targets of issue 4:
// - whole conformance run against the reference host: < 60 s wall;
// - the harness's own overhead per scenario: < 100 ms;
// - N runs in a row give identical verdicts (--repeat N; the issue asks for 10);
// - after each run no process of the run remains (/proc scan for its temp dir).
// Run: npm run build && npx tsx benchmarks/harness.bench.ts [--quick] [--repeat 10]
import { rmSync } from 'node:fs';
import { below, benchArgs, holds, report, requireBuilt, tempDir, type TargetFigure } from './bench-kit.js';
import { median } from '../harness/performance/stats.js';
import { runConformanceOnce, type ConformanceRun } from './conformance-run.js';
import { measureOverhead } from './harness-overhead.js';

const { quick, repeat = 1 } = benchArgs();
requireBuilt('dist/harness/cli/main.js');
requireBuilt('dist/reference-host/cli/main.js');

/** Check ids whose verdict differs from the first run's (or that only one of the runs has). */
function differences(a: Map<string, string>, b: Map<string, string>): string[] {
  const ids = new Set([...a.keys(), ...b.keys()]);
  return [...ids].filter((id) => a.get(id) !== b.get(id)).map((id) => `${id}: ${a.get(id) ?? 'absent'} -> ${b.get(id) ?? 'absent'}`);
}

function counts(verdicts: Map<string, string>): string {
  const by = new Map<string, number>();
  for (const v of verdicts.values()) by.set(v, (by.get(v) ?? 0) + 1);
  return [...by].map(([v, n]) => `${n} ${v}`).join(', ') || 'no checks';
}

const targets: TargetFigure[] = [];
const notes: string[] = [];
const dir = tempDir('harness-bench-');
try {
  const runs: ConformanceRun[] = [];
  for (let i = 0; i < repeat; i++) {
    const run = await runConformanceOnce(dir, i);
    runs.push(run);
    process.stdout.write(
      `  run ${i + 1}/${repeat}: ${(run.wallMs / 1000).toFixed(1)} s, exit ${run.exitCode}, ${counts(run.verdicts)}, ${run.leftovers.length} leftover process(es)\n`,
    );
  }
  const walls = runs.map((r) => r.wallMs);
  targets.push(
    below(
      `whole conformance run against refhost (${runs[0]?.scenarioMs.size ?? 0} scenarios), ${repeat > 1 ? `slowest of ${repeat}` : 'one run'}`,
      Math.max(...walls),
      60_000,
    ),
  );
  const first = runs[0]!;
  const diffs = runs.slice(1).flatMap((r, i) => differences(first.verdicts, r.verdicts).map((d) => `run ${i + 2}: ${d}`));
  if (repeat > 1) targets.push(holds(`${repeat} runs in a row give identical verdicts`, diffs.length === 0));
  else notes.push('verdict stability: one run only (use --repeat 10 for the issue-4 figure)');
  for (const d of diffs.slice(0, 10)) notes.push(`verdict changed: ${d}`);
  const leftovers = runs.flatMap((r) => r.leftovers);
  targets.push(holds('no process of the run remains after it (/proc scan of argv, environment and cwd)', leftovers.length === 0));
  for (const p of leftovers.slice(0, 5)) notes.push(`leftover pid ${p.pid} (group ${p.pgid}): ${p.cmdline.join(' ').slice(0, 160)}`);
  notes.push(
    `run wall times: ${walls.map((w) => `${(w / 1000).toFixed(1)} s`).join(', ')}; verdicts of run 1: ${counts(first.verdicts)}; exit code ${first.exitCode}`,
  );
  const slowest = [...first.scenarioMs].sort((a, b) => b[1] - a[1]).slice(0, 5);
  notes.push(`slowest scenarios (runner's durationMs, run 1): ${slowest.map(([s, ms]) => `${s} ${(ms / 1000).toFixed(1)} s`).join(', ')}`);

  const overhead = await measureOverhead(quick ? 1 : 5);
  const perScenario = Object.entries(overhead.perScenarioMs).sort((a, b) => b[1] - a[1]);
  const [worstName = 'none', worstMs = Number.NaN] = perScenario[0] ?? [];
  targets.push(below(`harness overhead per scenario (worst of ${perScenario.length}, each a median of ${quick ? 1 : 5})`, worstMs, 100));
  notes.push(
    `overhead = runScenario wall time against a host that exits at once, minus that host's start-to-exit (median ${overhead.hostMs.toFixed(1)} ms); ` +
      `median over scenarios ${median(perScenario.map(([, ms]) => ms)).toFixed(1)} ms, worst ${worstName}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}

report('harness (issue 4)', targets, notes);
