// Renders BENCHMARKS.md from bench/results.json (issues 8, 22): the targets marked met/missed,
// the suite's figures beside the previous benchmark's (ratios), where a run's CPU goes by kind
// of process and where the harness's time goes by phase, and the host profile side by side
// with reference / Codex ratios.
import type { Figure, Results, TargetResult, Unit } from './results-schema.js';
import { COMPARED_HOST, hostRatio, REFERENCE_HOST } from './targets.js';

/** ms from 10 s up read as seconds; ratios two decimals. */
export function formatValue(value: number, unit: Unit): string {
  if (!Number.isFinite(value)) return '—';
  if (unit === 'ratio') return value.toFixed(2);
  if (unit === 'MB') return `${value.toFixed(1)} MB`;
  if (Math.abs(value) >= 10_000) return `${(value / 1000).toFixed(1)} s`;
  return `${value.toFixed(Math.abs(value) >= 100 ? 0 : 1)} ms`;
}

const spread = (f: Figure): string => `${formatValue(f.min, f.unit)} – ${formatValue(f.max, f.unit)}`;
const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function targetRow(t: TargetResult): string {
  const status = t.status === 'met' ? '✅ met' : t.status === 'missed' ? '❌ missed' : '— not measured';
  const value = t.value === null ? '—' : formatValue(t.value, t.unit);
  return `| ${cell(t.name)} | ${t.comparison} ${formatValue(t.limit, t.unit)} | ${value} | ${status} |`;
}

function suiteTable(figures: readonly Figure[], previous: Results['previous']): string {
  const before = (f: Figure): Figure | undefined => previous?.figures.find((p) => p.id === f.id && p.host === f.host);
  const rows = figures.map((f) => {
    const p = before(f);
    const then = p === undefined ? '—' : formatValue(p.median, p.unit);
    const change = p === undefined || p.median <= 0 ? '—' : (f.median / p.median).toFixed(2);
    return `| ${cell(f.name)} | ${formatValue(f.median, f.unit)} | ${spread(f)} | ${f.warmups} + ${f.n} | ${(f.max / f.min).toFixed(2)} | ${then} | ${change} |`;
  });
  const since = previous === null ? 'previous' : `previous (${previous.generatedAt.slice(0, 10)})`;
  return [`| Figure | Median | Min – max | Warm-up + runs | Max / min | ${since} | now / then |`, '|---|---:|---:|---:|---:|---:|---:|', ...rows].join('\n');
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

function processTable(profiles: Results['processes']): string {
  const blocks = profiles.map((p) => {
    const seen = p.kinds.reduce((sum, k) => sum + k.cpuMs, 0);
    const rows = [
      ...p.kinds.map((k) => [k.kind, k.cpuMs, k.processes] as const),
      ['unattributed (processes shorter than the 20 ms poll)', Math.max(0, p.cpuMs - seen), null] as const,
    ];
    return [
      `**${p.host}**: ${p.scenarios} scenarios in ${seconds(p.wallMs)}, ${seconds(p.cpuMs)} of CPU, ${(p.cpuMs / Math.max(1, p.scenarios) / 1000).toFixed(2)} CPU-s per scenario.`,
      '',
      '| Kind of process | CPU | Share | Processes | CPU per scenario |',
      '|---|---:|---:|---:|---:|',
      ...rows.map(
        ([kind, ms, n]) =>
          `| ${cell(kind)} | ${seconds(ms)} | ${((100 * ms) / Math.max(1, p.cpuMs)).toFixed(0)} % | ${n ?? '—'} | ${(ms / Math.max(1, p.scenarios)).toFixed(0)} ms |`,
      ),
    ].join('\n');
  });
  return blocks.join('\n\n');
}

function phaseTable(phases: NonNullable<Results['phases']>): string {
  const inSpans = phases.spans.reduce((sum, s) => sum + (s.cpuMs ?? 0), 0);
  const rows = phases.spans.map(
    (s) => `| ${cell(s.name)} | ${s.count} | ${s.cpuMs === null ? '—' : `${s.cpuMs.toFixed(0)} ms`} | ${(s.wallMs / 1000).toFixed(1)} s |`,
  );
  return [
    `${phases.scenarios} scenarios against the reference host in the benchmark's own process, as the CLI runs them (${seconds(phases.wallMs)}, ${phases.nonPass} checks not PASS): the harness process spent ${seconds(phases.harnessCpuMs)} of CPU, ${(phases.harnessCpuMs / Math.max(1, phases.scenarios)).toFixed(0)} ms per scenario.`,
    'A phase with CPU is synchronous (its CPU is its own); the others await (their wall is summed over scenarios that overlap).',
    '',
    '| Span | Times | CPU | Wall (summed) |',
    '|---|---:|---:|---:|',
    ...rows,
    `| everything outside the synchronous spans (screens, HTTP fakes, mock model, terminal rendering, timers) | — | ${Math.max(0, phases.harnessCpuMs - inSpans).toFixed(0)} ms | — |`,
  ].join('\n');
}

function hostTable(figures: readonly Figure[], hosts: readonly string[]): string {
  const ids = [...new Set(figures.map((f) => f.id))];
  const compare = hosts.includes(REFERENCE_HOST) && hosts.includes(COMPARED_HOST);
  const head = `| Figure | ${hosts.map((h) => `${h} median (min – max)`).join(' | ')}${compare ? ` | ${REFERENCE_HOST} / ${COMPARED_HOST}` : ''} |`;
  const align = `|---|${hosts.map(() => '---:').join('|')}${compare ? '|---:' : ''}|`;
  const rows = ids.map((id) => {
    const any = figures.find((f) => f.id === id)!;
    const cells = hosts.map((h) => {
      const f = figures.find((x) => x.id === id && x.host === h);
      return f === undefined ? '—' : `${formatValue(f.median, f.unit)} (${spread(f)})`;
    });
    const r = compare ? hostRatio(figures, id) : null;
    return `| ${cell(any.name)} | ${cells.join(' | ')}${compare ? ` | ${r === null ? '—' : r.toFixed(2)}` : ''} |`;
  });
  return [head, align, ...rows].join('\n');
}

const load = (l: readonly number[]): string => l.map((x) => x.toFixed(2)).join(' ');

export function renderBenchmarksMd(results: Results): string {
  const suite = results.figures.filter((f) => f.group === 'suite');
  const host = results.figures.filter((f) => f.group === 'host');
  const hosts = results.hosts.map((h) => h.name);
  const how = [...new Map(results.figures.map((f) => [f.id, f])).values()].map((f) => `- **${f.name}**: ${f.how}.`);
  const runs = [...new Set(host.map((f) => `${f.warmups} warm-up + ${f.n} runs`))].join(', ');
  return `${[
    '# Benchmarks',
    '',
    `Generated by \`${results.command}\` on ${results.generatedAt} (${results.mode} mode) — do not edit; see [docs/benchmarks.md](docs/benchmarks.md).`,
    `Machine: ${results.machine.cores} cores, ${results.machine.os}, Node ${results.machine.node}; load average ${load(results.machine.loadBefore)} before, ${load(results.machine.loadAfter)} after.`,
    `Every figure is the median (with min and max) of several runs after warm-ups dropped, all from this one run of the benchmark${runs === '' ? '' : `; host figures: ${runs} per host and figure`}.`,
    `Hosts: ${results.hosts.map((h) => `${h.name} (${h.version ?? 'version unknown'})`).join(', ') || 'none'}.`,
    '',
    '## Targets',
    '',
    '| Target | Limit | Figure | Status |',
    '|---|---:|---:|---|',
    ...results.targets.map(targetRow),
    '',
    '## The suite',
    '',
    suite.length > 0 ? suiteTable(suite, results.previous) : '(not measured in this run)',
    '',
    "## Where a run's CPU goes",
    '',
    results.processes.length > 0 ? processTable(results.processes) : '(not measured in this run)',
    '',
    "## Where the harness's own time goes",
    '',
    results.phases === null ? '(not measured in this run)' : phaseTable(results.phases),
    '',
    '## Host profile (same fake servers and mock model for every host)',
    '',
    host.length > 0 ? hostTable(host, hosts) : '(not measured in this run)',
    '',
    '## How each figure is taken',
    '',
    ...how,
    ...(results.notes.length > 0 ? ['', '## Notes', '', ...results.notes.map((n) => `- ${cell(n)}`)] : []),
  ].join('\n')}\n`;
}
