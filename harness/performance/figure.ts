// One measured figure (a host's performance profile, bench/results.json, BENCHMARKS.md, the
// report's performance section): what it is, how it is taken, and its median/min/max.
import { z } from 'zod';
import { summarise } from './stats.js';

export const UnitSchema = z.enum(['ms', 'MB', 'ratio']);
export type Unit = z.infer<typeof UnitSchema>;

export const FigureSchema = z.object({
  /** Stable id; host figures share it across hosts ("host.launch-0"). */
  id: z.string().min(1),
  group: z.enum(['suite', 'host']),
  name: z.string().min(1),
  unit: UnitSchema,
  /** The host measured (host figures); null for suite figures. */
  host: z.string().nullable(),
  median: z.number(),
  min: z.number(),
  max: z.number(),
  /** Measured samples (warm-ups excluded). */
  n: z.number().int().positive(),
  warmups: z.number().int().nonnegative(),
  samples: z.array(z.number()),
  /** How the figure is taken, one sentence. */
  how: z.string(),
});
export type Figure = z.infer<typeof FigureSchema>;

export type FigureDef = Pick<Figure, 'id' | 'group' | 'name' | 'unit' | 'how'>;

export function toFigure(def: FigureDef, host: string | null, samples: readonly number[], warmups: number): Figure {
  return { ...def, host, ...summarise(samples), warmups, samples: [...samples] };
}
