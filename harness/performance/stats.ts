// Statistics of repeated measurements (issue 8): medians and spreads of samples taken after
// a warm-up, and the ratios published side by side. Noisy shared machines make single
// figures meaningless, so everything published goes through here.
export interface Summary {
  median: number;
  min: number;
  max: number;
  /** Number of measured samples (warm-ups excluded). */
  n: number;
}

/** The middle sample; for an even count the mean of the two middle ones. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function summarise(samples: readonly number[]): Summary {
  if (samples.length === 0) throw new Error('no samples to summarise');
  return { median: median(samples), min: Math.min(...samples), max: Math.max(...samples), n: samples.length };
}

/** a / b, or null when either is missing or b is not positive (a ratio would mislead). */
export function ratio(a: number | undefined, b: number | undefined): number | null {
  if (a === undefined || b === undefined || !Number.isFinite(a) || !Number.isFinite(b) || b <= 0) return null;
  return a / b;
}

export interface RepeatOptions {
  warmups: number;
  runs: number;
}

/** Runs `measure` warm-ups + runs times in sequence; the warm-ups' samples are dropped. */
export async function repeat(options: RepeatOptions, measure: (index: number) => Promise<number>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < options.warmups + options.runs; i++) {
    const value = await measure(i);
    if (i >= options.warmups) samples.push(value);
  }
  return samples;
}
