// The report's optional performance section (issue 8), as rows the Markdown and HTML
// writers share: one row per host and figure, values already formatted. INFO only.
import type { PerformanceFigure, Report } from './schema.js';
import { hostLabel } from './summary.js';

export interface PerformanceRow {
  host: string;
  name: string;
  /** "251 ms (230 ms – 290 ms, 3 runs)" or "92.1 MB". */
  figure: string;
}

function amount(value: number, unit: string): string {
  if (unit === 'ratio') return value.toFixed(2);
  if (unit === 'ms' && Math.abs(value) >= 10_000) return `${(value / 1000).toFixed(1)} s`;
  return `${value.toFixed(Math.abs(value) >= 100 ? 0 : 1)} ${unit}`;
}

export function formatPerformanceFigure(f: PerformanceFigure): string {
  if ('value' in f) return amount(f.value, f.unit);
  return `${amount(f.median, f.unit)} (${amount(f.min, f.unit)} – ${amount(f.max, f.unit)}, ${f.runs} run${f.runs === 1 ? '' : 's'})`;
}

/** Rows of every host that carries a performance section, plus each host's method line. */
export function performanceRows(report: Report): { rows: PerformanceRow[]; methods: string[] } {
  const rows: PerformanceRow[] = [];
  const methods: string[] = [];
  for (const h of report.hosts) {
    if (h.performance === undefined) continue;
    const host = hostLabel(h);
    methods.push(`${host}: ${h.performance.method} (measured ${h.performance.measuredAt})`);
    for (const f of h.performance.figures) rows.push({ host, name: f.name, figure: formatPerformanceFigure(f) });
  }
  return { rows, methods };
}
