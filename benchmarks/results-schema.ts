// bench/results.json (issue 8): every figure of one `npm run bench` with its samples, the
// targets checked against them, and the machine it ran on. BENCHMARKS.md is rendered from
// it, and `run --performance` shapes the report's optional performance section like it.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { FigureSchema, UnitSchema } from '../harness/performance/figure.js';

export type { Figure, Unit } from '../harness/performance/figure.js';

export const TargetStatusSchema = z.enum(['met', 'missed', 'not measured']);
export type TargetStatus = z.infer<typeof TargetStatusSchema>;

export const TargetResultSchema = z.object({
  /** The target in the issue's words, e.g. "launch to ready (3 servers): reference / codex <= 1.0". */
  name: z.string(),
  value: z.number().nullable(),
  unit: UnitSchema,
  limit: z.number(),
  /** "<=" or "<". */
  comparison: z.enum(['<=', '<']),
  status: TargetStatusSchema,
});
export type TargetResult = z.infer<typeof TargetResultSchema>;

export const LoadSchema = z.tuple([z.number(), z.number(), z.number()]);

/** One whole run's CPU by kind of process (harness/performance/process-profile.ts). */
export const ProcessProfileSchema = z.object({
  host: z.string(),
  scenarios: z.number().int(),
  wallMs: z.number(),
  cpuMs: z.number(),
  kinds: z.array(z.object({ kind: z.string(), cpuMs: z.number(), processes: z.number().int() })),
});
export type ProcessProfile = z.infer<typeof ProcessProfileSchema>;

/** The harness's own spans over one run (benchmarks/phase-profile.ts); cpuMs null for asynchronous phases. */
export const PhaseProfileSchema = z.object({
  scenarios: z.number().int(),
  wallMs: z.number(),
  harnessCpuMs: z.number(),
  nonPass: z.number().int(),
  spans: z.array(z.object({ name: z.string(), count: z.number().int(), wallMs: z.number(), cpuMs: z.number().nullable() })),
});
export type PhaseProfile = z.infer<typeof PhaseProfileSchema>;

export const ResultsSchema = z.object({
  schemaVersion: z.literal(1),
  generatedAt: z.string(),
  command: z.string(),
  mode: z.enum(['full', 'quick']),
  machine: z.object({ cores: z.number().int(), node: z.string(), os: z.string(), loadBefore: LoadSchema, loadAfter: LoadSchema }),
  hosts: z.array(z.object({ name: z.string(), version: z.string().nullable() })),
  figures: z.array(FigureSchema),
  /** Where a whole run's CPU goes, per host measured. */
  processes: z.array(ProcessProfileSchema).default([]),
  phases: PhaseProfileSchema.nullable().default(null),
  /** The figures of the benchmark before this one (its bench/results.json), for the ratios. */
  previous: z
    .object({ generatedAt: z.string(), figures: z.array(FigureSchema) })
    .nullable()
    .default(null),
  targets: z.array(TargetResultSchema),
  /** Free lines: hosts skipped and why, spreads, leftovers. */
  notes: z.array(z.string()),
});
export type Results = z.infer<typeof ResultsSchema>;

/** Reads and validates bench/results.json; errors name the file and the field. */
export function readResults(file: string): Results {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: cannot read benchmark results: ${(error as Error).message}`, { cause: error });
  }
  const parsed = ResultsSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`${file}: not benchmark results: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}
