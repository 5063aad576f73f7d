// A known-answer host's answer key (issue 23): what the host does about each guarantee, and
// where in its code that is decided, written from its code and the catalogue's words before the
// suite was pointed at it. A check's expectation is its own entry, else the one its guarantees
// agree on; the self-test fails on every verdict that contradicts the key, in either direction.
import { z } from 'zod';
import { GUARANTEES } from '../catalogue/guarantees.js';
import { readJsonFile } from '../report/report-file.js';
import type { CheckResult, Verdict } from '../report/schema.js';

/**
 * upholds: PASS (INFO for a MAY); breaks: FAIL, or NON-STRICT for a SHOULD; absent: the host
 * has no such feature or ability, UNSUPPORTED; blocked: the check cannot look because something
 * earlier failed that its guarantees do not ask of the host, BLOCKED. What the check's own
 * guarantee demands and the host never does (an approval it skips, a confirmation it never
 * shows, a tool of a DISCOVER/EXPOSE/TRANSPORT check it never offers) is `breaks`: the suite
 * says "never happened" (README "Verdicts").
 */
export const ExpectationSchema = z.enum(['upholds', 'breaks', 'absent', 'blocked']);
export type Expectation = z.infer<typeof ExpectationSchema>;

const EntrySchema = z.strictObject({
  expect: ExpectationSchema,
  /** The line of the host's code (or its profile) that decides it: "main.ts:120". */
  where: z.string().min(1),
  why: z.string().min(1),
});
/**
 * A check's own entry may note a known defect of the suite, not of the host: the suite's verdict
 * is known to differ from the entry, for the reason given. The self-test reports it apart, and
 * fails once the suite gets it right (so the note is removed), as an expected-failures file does.
 */
const CheckEntrySchema = EntrySchema.extend({ pending: z.string().min(1).optional() });
export type KeyEntry = z.infer<typeof CheckEntrySchema>;

const GUARANTEE_IDS = new Set(GUARANTEES.map((g) => g.id));

export const AnswerKeySchema = z.strictObject({
  host: z.string().min(1),
  /** By guarantee ID: what a check citing only guarantees with one expectation gets. */
  guarantees: z.record(
    z.string().refine((id) => GUARANTEE_IDS.has(id), 'not a guarantee ID of the catalogue'),
    EntrySchema,
  ),
  /** By check id ("scenario/check"): where a check tests a part of its guarantee the host treats apart. */
  checks: z.record(z.string().regex(/^[a-z0-9-]+\/[a-z0-9-]+$/, '"scenario/check"'), CheckEntrySchema).default({}),
});
export type AnswerKey = z.infer<typeof AnswerKeySchema>;

export function loadAnswerKey(file: string): AnswerKey {
  return readJsonFile(file, AnswerKeySchema, 'answer key');
}

/** The check's expectation, or why the key does not decide it (no entry, or its guarantees disagree). */
export function expectationOf(key: AnswerKey, check: Pick<CheckResult, 'id' | 'guarantees'>): KeyEntry | { undecided: string } {
  const own = key.checks[check.id];
  if (own !== undefined) return own;
  const entries = check.guarantees.map((g) => ({ g, entry: key.guarantees[g] }));
  const missing = entries.filter((e) => e.entry === undefined).map((e) => e.g);
  if (missing.length > 0) return { undecided: `the key has no entry for ${missing.join(', ')} nor for the check` };
  const kinds = new Set(entries.map((e) => e.entry?.expect));
  if (kinds.size > 1)
    return { undecided: `its guarantees disagree (${entries.map((e) => `${e.g} ${e.entry?.expect}`).join(', ')}): the check needs its own entry` };
  return entries[0]?.entry as KeyEntry;
}

const MATCHING: Readonly<Record<Expectation, readonly Verdict[]>> = {
  upholds: ['PASS', 'INFO'],
  breaks: ['FAIL', 'NON-STRICT'],
  absent: ['UNSUPPORTED'],
  blocked: ['BLOCKED'],
};

export interface Contradiction {
  check: string;
  verdict: Verdict;
  expected: Expectation | 'undecided';
  /** The key's reason (or why it is undecided), and what the suite observed. */
  detail: string;
}

/** Every verdict that is not what the key says (a HARNESS-ERROR always is), and every pending note the suite no longer needs. */
export function contradictions(key: AnswerKey, results: readonly CheckResult[]): Contradiction[] {
  return results.flatMap((r): Contradiction[] => {
    const expected = expectationOf(key, r);
    if ('undecided' in expected) return [{ check: r.id, verdict: r.verdict, expected: 'undecided', detail: expected.undecided }];
    const matches = MATCHING[expected.expect].includes(r.verdict);
    if (expected.pending !== undefined)
      return matches
        ? [{ check: r.id, verdict: r.verdict, expected: expected.expect, detail: `now matches the key: remove its pending note ("${expected.pending}")` }]
        : [];
    if (matches) return [];
    return [{ check: r.id, verdict: r.verdict, expected: expected.expect, detail: `key (${expected.where}): ${expected.why} | suite: ${r.observed}` }];
  });
}

/** Checks whose verdict the key marks as a known defect of the suite (still differing from the key). */
export function pendingChecks(key: AnswerKey, results: readonly CheckResult[]): CheckResult[] {
  return results.filter((r) => {
    const expected = expectationOf(key, r);
    return !('undecided' in expected) && expected.pending !== undefined && !MATCHING[expected.expect].includes(r.verdict);
  });
}
