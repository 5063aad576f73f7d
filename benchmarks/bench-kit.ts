// Shared pieces of the single-issue benchmark scripts (harness.bench.ts): figures against
// targets with the machine's load printed alongside (a busy 2-core machine moves wall times
// a lot), argument parsing, temp dirs and the built-file guard.
import { existsSync, mkdtempSync, realpathSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');

export interface TargetFigure {
  /** What was measured, e.g. "launch to You> (no servers), median of 20". */
  name: string;
  value: number;
  unit: 'ms' | 'MB' | 'count' | 'bool';
  /** The figure must be below this (for 'bool': value 1 means yes and limit is unused). */
  limit: number;
  pass: boolean;
}

export interface BenchResult {
  bench: string;
  targets: TargetFigure[];
  /** Figures without a target (baselines, spreads), one line each. */
  notes: string[];
  loadAverage: string;
}

export function loadLine(): string {
  return `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${availableParallelism()} cores`;
}

export function below(name: string, value: number, limit: number, unit: TargetFigure['unit'] = 'ms'): TargetFigure {
  return { name, value, unit, limit, pass: value < limit };
}

export function holds(name: string, ok: boolean): TargetFigure {
  return { name, value: ok ? 1 : 0, unit: 'bool', limit: 1, pass: ok };
}

/** Milliseconds from 10 s up read better as seconds. */
function amount(value: number, unit: TargetFigure['unit'], digits: number): string {
  if (unit === 'ms' && value >= 10_000) return `${(value / 1000).toFixed(1)} s`;
  return `${value.toFixed(digits)} ${unit === 'count' ? '' : unit}`.trim();
}

export function formatFigure(t: TargetFigure): string {
  if (t.unit === 'bool') return t.pass ? 'yes' : 'no';
  return amount(t.value, t.unit, t.unit === 'count' ? 0 : 1);
}

export function formatLimit(t: TargetFigure): string {
  return t.unit === 'bool' ? 'yes' : `< ${amount(t.limit, t.unit, 0)}`;
}

/** Prints the figures for a human. */
export function report(bench: string, targets: TargetFigure[], notes: string[]): BenchResult {
  const result: BenchResult = { bench, targets, notes, loadAverage: loadLine() };
  const lines = [`${bench}:`];
  for (const t of targets) lines.push(`  ${t.pass ? 'PASS' : 'MISS'}  ${t.name}: ${formatFigure(t)} (target ${formatLimit(t)})`);
  for (const n of notes) lines.push(`        ${n}`);
  lines.push(`  (${result.loadAverage} at the end of the measurements)`);
  process.stdout.write(`${lines.join('\n')}\n`);
  return result;
}

/** `--quick` (fewer repetitions while developing) and `--repeat N`. */
export function benchArgs(argv = process.argv.slice(2)): { quick: boolean; repeat: number | undefined } {
  const at = argv.indexOf('--repeat');
  const raw = at >= 0 ? argv[at + 1] : undefined;
  const repeat = raw === undefined ? undefined : Number(raw);
  if (at >= 0 && (repeat === undefined || !Number.isInteger(repeat) || repeat < 1)) {
    process.stderr.write('--repeat needs a positive whole number, e.g. --repeat 10\n');
    process.exit(2);
  }
  return { quick: argv.includes('--quick'), repeat };
}

/** A temp dir by its real path (/tmp may be a symlink and /proc shows resolved paths). */
export function tempDir(prefix: string): string {
  return realpathSync(mkdtempSync(join(tmpdir(), prefix)));
}

/** The built file, or a clear message to build first. */
export function requireBuilt(relative: string): string {
  const file = join(ROOT, relative);
  if (!existsSync(file)) {
    process.stderr.write(`${file} is missing: build first (npm run build)\n`);
    process.exit(2);
  }
  return file;
}
