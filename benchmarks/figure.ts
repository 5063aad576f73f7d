// Turns samples into a published figure (bench/results.json, BENCHMARKS.md, the report's
// performance section): what it is, how it is taken, and its median/min/max.
import type { Figure } from './results-schema.js';
import { summarise } from './stats.js';

export type FigureDef = Pick<Figure, 'id' | 'group' | 'name' | 'unit' | 'how'>;

export function toFigure(def: FigureDef, host: string | null, samples: readonly number[], warmups: number): Figure {
  return { ...def, host, ...summarise(samples), warmups, samples: [...samples] };
}
