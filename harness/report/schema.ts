// The report model: the one shape every writer (JSON, JUnit, Markdown, HTML), merge and
// diff work from. Its JSON Schema is exported to reports/schema.json.
import { z } from 'zod';
import { GuaranteeSourcesSchema, RequiredBySchema } from '../catalogue/source-schema.js';
import { TIERS, TierSchema } from '../catalogue/tiers.js';

export const LevelSchema = z.enum(['MUST', 'SHOULD', 'MAY']);
export type Level = z.infer<typeof LevelSchema>;

/**
 * PASS; FAIL (a MUST missed); BLOCKED (the check could not look: something it needs never
 * happened because something earlier failed, which it names; never a pass, never a FAIL of its
 * guarantee, counted apart, and a run with one is not conformant); NON-STRICT (a SHOULD
 * missed); UNSUPPORTED (an optional group the host declares absent, an ability the check needs
 * that the host does not have, such as a quit command or saved sessions, or a step its protocol
 * cannot express); HARNESS-ERROR (the suite itself broke: never a verdict on the host, and a
 * run with one is not a conformant run); INFO; FLAKY (two runs of the check's scenario gave
 * different verdicts: only combining runs gives it, `report merge --again`, never one run).
 *
 * FLAKY is a verdict rather than a field beside the first run's verdict so that every count,
 * table, filter and writer shows it as what it is, neither FAIL nor PASS, and the compiler
 * finds each place that must handle it; the check's `runs` keep each run's own outcome.
 */
export const VerdictSchema = z.enum(['PASS', 'FAIL', 'BLOCKED', 'FLAKY', 'NON-STRICT', 'UNSUPPORTED', 'HARNESS-ERROR', 'INFO']);
export type Verdict = z.infer<typeof VerdictSchema>;
/** What one run can give: every verdict but FLAKY. */
export const RunVerdictSchema = VerdictSchema.exclude(['FLAKY']);
export type RunVerdict = z.infer<typeof RunVerdictSchema>;

/** A numbered piece of evidence: a pointer into one observation plus the excerpt that matters. */
export const EvidenceSchema = z.object({
  kind: z.enum(['screen', 'model-request', 'server-journal', 'trap', 'file', 'process', 'note']),
  /** Which observation: e.g. "model request #2", "server docs journal", "$HOME/.config/refhost/mcp.json". */
  source: z.string(),
  /** The excerpt shown to the reader (already capped by the harness). */
  excerpt: z.string(),
});
export type Evidence = z.infer<typeof EvidenceSchema>;

/** One run's outcome of a FLAKY check, with the evidence it was graded on. */
export const RunOutcomeSchema = z.object({
  verdict: RunVerdictSchema,
  observed: z.string(),
  durationMs: z.number().nonnegative(),
  evidence: z.array(EvidenceSchema),
});
export type RunOutcome = z.infer<typeof RunOutcomeSchema>;

/**
 * A specification requirement a check covers, as the official MCP conformance suite names one in
 * its check results (`specReferences: [{ id, url }]`): an id for the page and section, and the
 * section's address on modelcontextprotocol.io.
 */
// Plain characters only, so every writer can put them into a link as they are.
export const SpecReferenceSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/),
  url: z.string().regex(/^https:\/\/modelcontextprotocol\.io\/[A-Za-z0-9/._#-]*$/),
});
export type SpecReference = z.infer<typeof SpecReferenceSchema>;

export const CheckResultSchema = z
  .object({
    /** Stable id, the same whether it passes or fails: "<scenario>/<check>". */
    id: z.string().min(1),
    scenario: z.string().min(1),
    guarantees: z.array(z.string().regex(/^[A-Z]+-\d+$/)).min(1),
    level: LevelSchema,
    verdict: VerdictSchema,
    /** What the guarantee requires, in the words of this check. */
    expected: z.string(),
    /** What was seen (for a FAIL: what went wrong; "not reached: ..." when a precondition never happened). */
    observed: z.string(),
    durationMs: z.number().nonnegative(),
    evidence: z.array(EvidenceSchema),
    /** The exact command that reruns just this scenario against this host. */
    rerun: z.string(),
    /** Numbers and patterns the check applied (bytes, counts, deadlines, slack). */
    thresholds: z.record(z.string(), z.union([z.number(), z.string()])).optional(),
    /**
     * The MCP protocol revisions the host's requests used with the scenario's fake servers after
     * the opening (initialize or server/discover), from the servers' own journals: the revision
     * the evidence came from. Absent when the host sent them nothing past the opening.
     */
    revisions: z.array(z.string()).optional(),
    /**
     * Checks of tier spec-must or spec-should only: the sections of the MCP specification whose
     * sentences ask what the check's guarantees ask (absent in reports written before them).
     */
    specReferences: z.array(SpecReferenceSchema).min(1).optional(),
    /**
     * FLAKY only: each run in the order run, its verdict, observation and evidence (the check's
     * own `observed` then names the outcomes, "FAIL then PASS", and its `evidence` is empty).
     */
    runs: z.array(RunOutcomeSchema).min(2).optional(),
  })
  .refine((c) => (c.runs === undefined ? c.verdict !== 'FLAKY' : c.verdict === 'FLAKY' && new Set(c.runs.map((r) => r.verdict)).size > 1), {
    message: 'a FLAKY check carries its runs, whose verdicts differ, and only a FLAKY check has runs',
    path: ['runs'],
  });
export type CheckResult = z.infer<typeof CheckResultSchema>;

export const GuaranteeSchema = z.object({
  id: z.string(),
  group: z.string(),
  level: LevelSchema,
  text: z.string(),
  /** Optional groups may be declared absent by a host profile. */
  optional: z.boolean().default(false),
  /** The seed passage it restates and the specification's sentences asking the same (absent in reports written before sources existed). */
  sources: GuaranteeSourcesSchema.optional(),
  /** How much a breach weighs (spec-must, spec-should, safety, contract) and why (absent in reports written before tiers). */
  tier: TierSchema.optional(),
  tierWhy: z.string().optional(),
});
export type Guarantee = z.infer<typeof GuaranteeSchema>;

/**
 * A process of a scenario still running after the host had exited (issue 23, the user's
 * set-up: a user's machine would have kept it running), found when the scenario ended and
 * then killed by the harness. Reported for every scenario, whatever it grades (run notes).
 */
export const LeftoverSchema = z.object({
  scenario: z.string().min(1),
  pid: z.number().int(),
  /** "host" (the host's own process or a helper of it) or "server:NAME" (a stdio server, or a process it started). */
  role: z.string().min(1),
  /** Its command line, the scenario's sandbox written as <sandbox>, at most 300 characters. */
  command: z.string(),
  /** Where it ran: in a host's process group, in a group of its own in the host's session, or in a session of its own (setsid). */
  where: z.enum(['host-group', 'own-group', 'own-session']),
  /** How the host had ended: by itself (end of input, quit, a signal the user sent), or killed by the harness when it did not exit in time. */
  hostEnded: z.enum(['by-itself', 'killed-by-harness']),
});
export type Leftover = z.infer<typeof LeftoverSchema>;

export const RunMetadataSchema = z.object({
  host: z.object({
    name: z.string(),
    version: z.string().nullable(),
    profile: z.string().nullable(),
    /** Optional groups or IDs the host declares absent (their checks are UNSUPPORTED). */
    declaredAbsent: z.array(z.string()).default([]),
  }),
  suite: z.object({ version: z.string(), revision: z.string().nullable() }),
  node: z.string(),
  os: z.string(),
  startedAt: z.string(),
  endedAt: z.string(),
  catalogueRevision: z.string(),
  /** The command line that produced this report. */
  command: z.string(),
  /** Set when this report is one shard of a larger run ("2/4"). */
  shard: z.string().nullable().default(null),
  /**
   * Set when a signal stopped the run before every scenario finished: the report holds the
   * checks of the scenarios that finished, and the run is not a conformant run.
   */
  incomplete: z
    .object({ signal: z.string(), scenariosFinished: z.number().int().nonnegative(), scenariosPlanned: z.number().int().nonnegative() })
    .nullable()
    .default(null),
  /**
   * How the processes a host started were found and killed (STDIO-5): a PID namespace per
   * host (nothing escapes it), or a scan for the sandbox's path in command lines and
   * environments, which a daemon with a clean environment escapes; `note` says why.
   */
  containment: z
    .object({ mechanism: z.enum(['pid-namespace', 'process-scan']), note: z.string().nullable() })
    .nullable()
    .default(null),
  /** Every process that outlived the host, in every scenario (then killed by the harness); the run notes say them. */
  leftovers: z.array(LeftoverSchema).default([]),
  /** `run --required-by` or `report merge --required-by`: only checks of guarantees the specification asks (`spec`, `spec-must`), or all (`catalogue`). */
  requiredBy: RequiredBySchema.default('catalogue'),
  /** `run --tier` or `report merge --tier`: only checks of these tiers (all four when not narrowed). */
  tiers: z.array(TierSchema).default([...TIERS]),
  /** `run --protocol`: the revision(s) every fake server offered; null when each scenario offered its own and the host chose. */
  protocol: z.string().nullable().default(null),
});
export type RunMetadata = z.infer<typeof RunMetadataSchema>;

const figureBase = {
  /** What was measured, e.g. "launch to ready, 3 servers". */
  name: z.string().min(1),
  /** "ms", "MB" or "ratio". */
  unit: z.string().min(1),
};

/** One performance figure: several runs (median, min, max) or a single value. */
export const PerformanceFigureSchema = z.union([
  z.strictObject({ ...figureBase, median: z.number(), min: z.number(), max: z.number(), runs: z.number().int().positive() }),
  z.strictObject({ ...figureBase, value: z.number() }),
]);
export type PerformanceFigure = z.infer<typeof PerformanceFigureSchema>;

/** The host's performance figures (`run --performance`): INFO only, never a verdict. */
export const PerformanceSchema = z.object({
  measuredAt: z.string(),
  /** How the figures were taken, one line (warm-ups, runs, what the host talked to). */
  method: z.string(),
  figures: z.array(PerformanceFigureSchema),
});
export type Performance = z.infer<typeof PerformanceSchema>;

/** A check whose verdict moved between a host's previous report and this one. */
export const VerdictMoveSchema = z.object({ check: z.string().min(1), from: VerdictSchema, to: VerdictSchema });
export type VerdictMove = z.infer<typeof VerdictMoveSchema>;

/**
 * `report merge --previous`: this host's verdicts against its previous report (most often its
 * previous version, issue 27), ranked as `report diff` ranks them: fixed (to a better graded
 * verdict), regressed (to a worse one), changed (to or from a verdict that is not graded).
 */
export const SincePreviousSchema = z.object({
  /** The previous report's host version and when its run started. */
  version: z.string().nullable(),
  startedAt: z.string(),
  fixed: z.array(VerdictMoveSchema),
  regressed: z.array(VerdictMoveSchema),
  changed: z.array(VerdictMoveSchema),
  /** Checks only this report holds, only the previous one held, and those whose verdict stayed. */
  added: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
});
export type SincePrevious = z.infer<typeof SincePreviousSchema>;

export const HostRunSchema = z.object({
  run: RunMetadataSchema,
  checks: z.array(CheckResultSchema),
  performance: PerformanceSchema.optional(),
  sincePrevious: SincePreviousSchema.optional(),
});
export type HostRun = z.infer<typeof HostRunSchema>;

/** A report holds one or more host runs (merge puts several hosts into one matrix). */
export const ReportSchema = z.object({
  schemaVersion: z.literal(1),
  generatedAt: z.string(),
  guarantees: z.array(GuaranteeSchema),
  hosts: z.array(HostRunSchema).min(1),
});
export type Report = z.infer<typeof ReportSchema>;
