// Runs every benchmark script in sequence (each a child process, its output shown as it
// comes) and prints one summary table: target, figure, PASS/MISS, with the load average.
// Scripts built on bench-kit.ts report through their BENCH-RESULT line; the older ones
// (fake-servers, mock-model, reports) are read from their "... N ms ... target < M ms" lines.
// Run: npm run bench   (= npm run build && tsx benchmarks/run-all.ts)   [--quick]
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { benchArgs, formatFigure, formatLimit, loadLine, RESULT_PREFIX, ROOT, type BenchResult, type TargetFigure } from './bench-kit.js';

/** `quick`: the script understands --quick (the older ones take no options). */
const BENCHES: { file: string; quick: boolean }[] = [
  { file: 'refhost.bench.ts', quick: true },
  { file: 'harness.bench.ts', quick: true },
  { file: 'fixture.bench.ts', quick: true },
  { file: 'fake-servers.bench.ts', quick: false },
  { file: 'mock-model.bench.ts', quick: false },
  { file: 'reports.bench.ts', quick: false },
];
const BENCH_DEADLINE_MS = 15 * 60_000;
const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000 };

/** "... 12.3 ms ... target < 20 ms": the first figure before "target" against the limit. */
function parseTargetLine(line: string): TargetFigure | null {
  const target = /target < ([\d.]+) ?(ms|s|MB)\b/.exec(line);
  if (target === null) return null;
  const before = line.slice(0, target.index);
  const figure = /([\d.]+) ?(ms|s|MB)\b/.exec(before);
  if (figure === null) return null;
  const scale = (unit: string): number => UNIT_MS[unit] ?? 1;
  const value = Number(figure[1]) * scale(figure[2]!);
  const limit = Number(target[1]) * scale(target[2]!);
  const unit = target[2] === 'MB' ? 'MB' : 'ms';
  const name = before.slice(0, figure.index).replace(/[\s:—-]+$/, '').trim();
  return { name, value, unit, limit, pass: value < limit };
}

function resultOf(file: string, output: string): BenchResult {
  const lines = output.split('\n');
  const tagged = lines.find((l) => l.startsWith(RESULT_PREFIX));
  if (tagged !== undefined) return JSON.parse(tagged.slice(RESULT_PREFIX.length)) as BenchResult;
  const targets = lines.map(parseTargetLine).filter((t): t is TargetFigure => t !== null);
  return { bench: file.replace(/\.bench\.ts$/, ''), targets, notes: [], loadAverage: loadLine() };
}

async function runBench(file: string, args: string[]): Promise<{ code: number | null; output: string; seconds: number }> {
  const begin = performance.now();
  const child = spawn(process.execPath, [TSX, join(ROOT, 'benchmarks', file), ...args], { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
    process.stdout.write(chunk.split('\n').filter((l) => !l.startsWith(RESULT_PREFIX)).join('\n'));
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => process.stderr.write(chunk));
  const timer = setTimeout(() => {
    process.stderr.write(`${file}: no result within ${BENCH_DEADLINE_MS / 60_000} min, stopping it\n`);
    process.kill(-(child.pid ?? 0), 'SIGKILL');
  }, BENCH_DEADLINE_MS);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearTimeout(timer);
  try {
    process.kill(-(child.pid ?? 0), 'SIGKILL'); // anything the script left in its group
  } catch {
    // ESRCH: nothing left
  }
  return { code, output, seconds: (performance.now() - begin) / 1000 };
}

const { quick } = benchArgs();
const rows: string[][] = [];
const errors: string[] = [];
const loadBefore = loadLine();
for (const bench of BENCHES) {
  const { file } = bench;
  process.stdout.write(`\n=== ${file} (${loadLine()})\n`);
  const { code, output, seconds } = await runBench(file, quick && bench.quick ? ['--quick'] : []);
  const result = resultOf(file, output);
  if (code !== 0) errors.push(`${file} exited with ${code}`);
  if (result.targets.length === 0) rows.push([result.bench, '(no target figures)', '', '', code === 0 ? 'n/a' : 'ERROR', `${seconds.toFixed(0)} s`]);
  for (const t of result.targets) rows.push([result.bench, t.name, formatFigure(t), formatLimit(t), t.pass ? 'PASS' : 'MISS', `${seconds.toFixed(0)} s`]);
}

const header = ['bench', 'target', 'figure', 'limit', 'verdict', 'script time'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
const line = (cells: string[]): string => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ');
process.stdout.write(
  `\n${['Summary', line(header), widths.map((w) => '-'.repeat(w)).join('-+-'), ...rows.map(line)].join('\n')}\n` +
    `${loadBefore} before, ${loadLine()} after${quick ? ' (--quick: fewer repetitions)' : ''}\n`,
);
for (const e of errors) process.stdout.write(`ERROR: ${e}\n`);
// MISS is a figure (the machine may be busy); only a benchmark that could not finish fails the run.
process.exitCode = errors.length > 0 ? 1 : 0;
