// The official MCP conformance suite's expected-failures format (github.com/modelcontextprotocol/
// conformance: src/expected-failures.ts, README "Expected Failures"), read and written beside our
// JSON so one habit serves both suites. A YAML file with up to two lists:
//
//   client:
//     - some-scenario              # the whole scenario may fail
//     - some-scenario:some-check   # only this check may fail
//   server: []
//
// `client` is for the official `client` command (an MCP client under test), `server` for its
// `server` command. A host is tested here as an MCP client, so its entries go under `client`;
// a `server` entry names something this suite never runs and is refused. `scenario:check` is
// our check id `scenario/check`. The official grammar is kept: a mapping (`- a: b`, a space
// after the colon) is refused with that hint, and a scenario listed both whole and per check
// is refused as contradictory. A trailing comment is the entry's reason (the format has no
// other place for one). Which format a file is in goes by its name: .yaml or .yml.
import { isScalar, isSeq, parseDocument } from 'yaml';
import { z } from 'zod';
import { ReportError } from './report-error.js';
import { formatZodIssues } from './report-file.js';

/** Both formats read into this: `scenarios` are the official whole-scenario entries (never in our JSON). */
export interface Baseline {
  host: string;
  failures: { check: string; reason: string; flaky?: string }[];
  scenarios?: { scenario: string; reason: string }[];
}

export function isOfficialBaselineFile(file: string): boolean {
  return /\.ya?ml$/i.test(file);
}

/** What the official parser says to a mapping entry, kept as its users know it. */
function mappingHint(input: unknown): string {
  const pairs = input !== null && typeof input === 'object' && !Array.isArray(input) ? Object.entries(input) : [];
  const [key, value] = pairs[0] ?? [];
  return pairs.length === 1 && value !== null && typeof value !== 'object'
    ? `'- ${String(key)}: ${String(value)}' is a mapping: remove the space after the colon ('- ${String(key)}:${String(value)}')`
    : "each entry is '<scenario>' or '<scenario>:<check-id>' (no space after the colon)";
}

const EntrySchema = z
  .string({ error: (issue) => mappingHint(issue.input) })
  .regex(/^[^:\s]+(:[^:\s]+)?$/, { error: "each entry is '<scenario>' or '<scenario>:<check-id>', both sides non-empty" });

// Strict like our JSON schema: a misspelt key ("clients") is reported, never ignored.
const OfficialBaselineSchema = z
  .strictObject({
    client: z.array(EntrySchema).nullable().optional(),
    server: z
      .array(z.unknown())
      .max(0, { error: 'a host is tested as an MCP client here: list its entries under client (this suite runs no server scenarios)' })
      .nullable()
      .optional(),
  })
  .nullable();

/** Each entry's trailing comment, by position in the client list. */
function trailingComments(doc: ReturnType<typeof parseDocument>): (string | undefined)[] {
  const list = doc.get('client', true);
  return isSeq(list) ? list.items.map((item) => (isScalar(item) ? item.comment?.trim() || undefined : undefined)) : [];
}

/** Reads a baseline in the official format as the baseline of `host` (the format names no host). */
export function parseOfficialBaseline(text: string, file: string, host: string): Baseline {
  const doc = parseDocument(text);
  const [error] = doc.errors;
  if (error !== undefined) throw new ReportError('FILE_INVALID', `${file}: not valid YAML (${error.message.split('\n')[0] ?? ''})`);
  const parsed = OfficialBaselineSchema.safeParse(doc.toJS());
  if (!parsed.success)
    throw new ReportError('FILE_INVALID', `${file}: not a valid expected-failures file (the official suite's format):\n  ${formatZodIssues(parsed.error)}`);
  const entries = parsed.data?.client ?? [];
  const comments = trailingComments(doc);
  const reasonOf = (i: number): string => comments[i] ?? `listed in ${file}`;
  const whole = new Set(entries.filter((e) => !e.includes(':')));
  const redundant = entries.find((e) => e.includes(':') && whole.has(e.slice(0, e.indexOf(':'))));
  if (redundant !== undefined) {
    throw new ReportError(
      'FILE_INVALID',
      `${file}: '${redundant.slice(0, redundant.indexOf(':'))}' expects the whole scenario to fail, so '${redundant}' is redundant: remove one or the other`,
    );
  }
  return {
    host,
    failures: entries.flatMap((e, i) => (e.includes(':') ? [{ check: e.replace(':', '/'), reason: reasonOf(i) }] : [])),
    scenarios: entries.flatMap((e, i) => (e.includes(':') ? [] : [{ scenario: e, reason: reasonOf(i) }])),
  };
}

/** Our check id as the official format writes it. */
export const officialEntry = (check: string): string => check.replace('/', ':');

/**
 * A baseline in the official format: per-check entries, each reason as its trailing comment.
 * A flaky entry (tolerated passing or failing) has no equivalent there: written as a plain
 * entry it would turn stale the first time it passed, so it is refused, naming the checks.
 */
export function renderOfficialBaseline(baseline: Baseline, file: string): string {
  const flaky = baseline.failures.filter((f) => f.flaky !== undefined).map((f) => f.check);
  if (flaky.length > 0) {
    throw new ReportError(
      'FILE_INVALID',
      `${file}: the official suite's format has no flaky entries, so ${flaky.join(', ')} cannot be written there: write a .json baseline`,
    );
  }
  const lines = baseline.failures.map((f) => `  - ${officialEntry(f.check)} # ${f.reason.replace(/\s+/g, ' ')}`);
  return [
    `# Expected failures of ${baseline.host} (mcp-host-conformance; the official MCP conformance suite's format)`,
    `client:${lines.length === 0 ? ' []' : ''}`,
    ...lines,
    '',
  ].join('\n');
}
