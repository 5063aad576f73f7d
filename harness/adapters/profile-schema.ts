// A host profile: everything the generic terminal adapter needs to drive a host without
// code (command, environment with placeholders, config format and path, screen patterns,
// answers, result format, optional guarantees declared absent). Validated at load; errors
// name the file and the field.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { GUARANTEES } from '../catalogue/guarantees.js';
import { formatIssues, HarnessError } from '../errors.js';

/** Placeholders a profile string may use; filled from the sandbox and the run. */
export const PLACEHOLDERS = ['modelUrl', 'apiKey', 'home', 'cwd', 'configHome', 'dataHome', 'stateHome', 'cacheHome', 'suiteRoot', 'profileDir'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

const templated = z.string().superRefine((value, ctx) => {
  for (const [, name] of value.matchAll(/\{([A-Za-z]+)\}/g)) {
    if (!(PLACEHOLDERS as readonly string[]).includes(name ?? '')) {
      ctx.addIssue({ code: 'custom', message: `unknown placeholder {${name}} (known: ${PLACEHOLDERS.map((p) => `{${p}}`).join(' ')})` });
    }
  }
});

/** A chat line with {server}, {name} and {arguments} (k=v separated by spaces) filled in. */
const COMMAND_FIELDS = ['server', 'name', 'arguments'] as const;
const commandTemplate = z.string().min(1).superRefine((value, ctx) => {
  for (const [, name] of value.matchAll(/\{([A-Za-z]+)\}/g)) {
    if (!(COMMAND_FIELDS as readonly string[]).includes(name ?? '')) {
      ctx.addIssue({ code: 'custom', message: `unknown field {${name}} (known: ${COMMAND_FIELDS.map((p) => `{${p}}`).join(' ')})` });
    }
  }
});

const regex = z.string().min(1).transform((source, ctx) => {
  try {
    return new RegExp(source, 'm');
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: `not a valid regular expression: ${(error as Error).message}` });
    return z.NEVER;
  }
});

const optionalGuarantee = z.string().refine(
  (prefix) => {
    const matched = GUARANTEES.filter((g) => g.id === prefix || g.group === prefix);
    return matched.length > 0 && matched.every((g) => g.optional);
  },
  { message: 'only optional guarantees or groups may be declared unsupported (RESOURCE, PROMPT, POLICY, TELEMETRY, TRANSPORT-2, INJECT-3, INJECT-4)' },
);

export const HostProfileSchema = z.strictObject({
  name: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'profile names are kebab-case'),
  command: templated,
  args: z.array(templated).default([]),
  /** Arguments that resume the most recent session; absent = the host cannot resume. */
  resumeArgs: z.array(templated).optional(),
  /** Arguments that print the version (first line kept). */
  versionArgs: z.array(templated).optional(),
  /** Variables added to the sandbox's base environment (HOME, XDG_*, PATH, LANG, TMPDIR). */
  env: z.record(z.string(), templated).default({}),
  /** Environment variables that shorten the host's deadlines (ms); absent = real defaults always. */
  knobs: z.strictObject({ callTimeoutMs: z.string().optional(), connectTimeoutMs: z.string().optional() }).default({}),
  config: z.strictObject({ format: z.literal('mcp-servers-json'), path: templated }),
  screen: z.strictObject({
    prompt: regex,
    /** First line of an approval request. */
    approvalStart: regex,
    /** The approval question (ends the request). */
    approval: regex,
    /** Per-field patterns with one capture group, read from the request text. */
    approvalFields: z.partialRecord(z.enum(['exposedName', 'server', 'destination', 'tool', 'arguments']), regex).default({}),
    /** How captured field values are written: as JSON strings (unquoted when read) or raw. */
    fieldEncoding: z.enum(['json-string', 'raw']).default('raw'),
    unknownGate: regex,
    statusLine: regex,
    /** A status line saying a server is unavailable, group 1 the reason (default: the word "unavailable"). */
    unavailableLine: regex.default(/\bunavailable\b(?::\s*(.+))?/im),
    /** A start-up line flagging a tool's instruction-like description (INJECT-3). */
    instructionFlag: regex.optional(),
    /** A start-up line flagging a tool whose definition changed since last seen (INJECT-4). */
    changedFlag: regex.optional(),
  }),
  /** Chat commands for server prompts (PROMPT-1); absent = the host offers none. */
  commands: z.strictObject({ prompt: commandTemplate.optional(), listPrompts: z.string().min(1).optional() }).default({}),
  /** The host's policy pack (POLICY-*): a JSON file the scenario's pack is written to as given. */
  policy: z.strictObject({ format: z.literal('json'), path: templated }).optional(),
  /** The host's per-call telemetry (TELEMETRY-*): JSON Lines, one record per MCP call. */
  telemetry: z.strictObject({ format: z.literal('jsonl'), path: templated }).optional(),
  answers: z
    .strictObject({
      approve: z.string().default('y'),
      deny: z.string().default('n'),
      confirmUnknown: z.string().default('y'),
      declineUnknown: z.string().default('n'),
      /** A quit command, when the host has one. */
      quit: z.string().optional(),
    })
    .prefault({}),
  results: z
    .discriminatedUnion('format', [
      /** output is a JSON string with a status field. */
      z.strictObject({ format: z.literal('json'), statusField: z.string().default('status') }),
      /** output text matched against one pattern per status. */
      z.strictObject({ format: z.literal('regex'), patterns: z.partialRecord(z.enum(['completed', 'failed', 'denied', 'unknown', 'output_limit']), regex) }),
    ])
    .prefault({ format: 'json' }),
  unsupported: z.array(optionalGuarantee).default([]),
});
export type HostProfile = z.infer<typeof HostProfileSchema>;

export interface LoadedProfile {
  profile: HostProfile;
  /** Absolute path of the profile file. */
  file: string;
}

/** Reads and validates a profile file; problems are one HarnessError naming file and fields. */
export function loadHostProfile(path: string): LoadedProfile {
  const file = resolve(path);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new HarnessError('PROFILE_INVALID', `host profile ${file}: ${(error as Error).message}`);
  }
  const parsed = HostProfileSchema.safeParse(raw);
  if (!parsed.success) throw new HarnessError('PROFILE_INVALID', `host profile ${file}:\n${formatIssues(parsed.error.issues)}`);
  return { profile: parsed.data, file };
}

/** Replaces {placeholders} (validated at load, so every name is known). */
export function fillPlaceholders(template: string, values: Record<Placeholder, string>): string {
  return template.replace(/\{([A-Za-z]+)\}/g, (whole, name: string) => values[name as Placeholder] ?? whole);
}

export function profileDir(loaded: LoadedProfile): string {
  return dirname(loaded.file);
}
