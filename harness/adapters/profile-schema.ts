// A host profile: everything the generic terminal adapter needs to drive a host without
// code (command, environment with placeholders, config format and path, screen patterns,
// answers, result format, its own server commands, sessions, built-in tools, and what it
// lacks). Validated at load; errors name the file and the field.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { GUARANTEES } from '../catalogue/guarantees.js';
import { formatIssues, HarnessError } from '../errors.js';
import { ConfigTemplateSchema } from './config-template.js';
import { SideCallRuleSchema } from '../../fake-servers/model/side-calls.js';
import { WarmCachesSchema } from '../sandbox/warm-caches.js';
import { NEED_NAMES } from '../scenario/abilities.js';

/** A host's own deadlines (ms), stated in its profile. */
export const OwnDeadlinesSchema = z
  .strictObject({ callTimeoutMs: z.number().int().positive().optional(), connectTimeoutMs: z.number().int().positive().optional() })
  .default({});

/** Placeholders a profile string may use; filled from the sandbox and the run. */
export const PLACEHOLDERS = [
  'modelUrl',
  'modelOrigin',
  'apiKey',
  'home',
  'cwd',
  'configHome',
  'dataHome',
  'stateHome',
  'cacheHome',
  'suiteRoot',
  'profileDir',
] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

/** A string whose {placeholders} must be among `known` (checked at load, so filling never guesses). */
export function withPlaceholders(known: readonly string[]) {
  return z.string().superRefine((value, ctx) => {
    for (const [, name] of value.matchAll(/\{([A-Za-z]+)\}/g)) {
      if (!known.includes(name ?? ''))
        ctx.addIssue({ code: 'custom', message: `unknown placeholder {${name}} (known: ${known.map((p) => `{${p}}`).join(' ')})` });
    }
  });
}

const templated = withPlaceholders(PLACEHOLDERS);
/** Placeholders known when a configuration file is written, before the model runs. */
export const CONFIG_PLACEHOLDERS = PLACEHOLDERS.filter((p) => p !== 'modelUrl' && p !== 'modelOrigin' && p !== 'apiKey');
const baseKey = withPlaceholders(CONFIG_PLACEHOLDERS);

/** JSON whose keys and strings are templates. */
function templatedJson(text: z.ZodType<string>): z.ZodType<unknown> {
  const json: z.ZodType<unknown> = z.lazy(() => z.union([text, z.number(), z.boolean(), z.null(), z.array(json), z.record(text, json)]));
  return json;
}
/** A chat line with {server}, {name} and {arguments} (k=v separated by spaces) filled in. */
export const PROMPT_FIELDS = ['server', 'name', 'arguments'] as const;
const commandTemplate = withPlaceholders(PROMPT_FIELDS).pipe(z.string().min(1));
/** A server command argument: the run's placeholders plus the server's {name}, {url}, {command}. */
export const SERVER_FIELDS = ['name', 'url', 'command'] as const;
const serverArg = withPlaceholders([...PLACEHOLDERS, ...SERVER_FIELDS]);
/** Inside `each`: {key} and {value} of a header or env entry, {arg} of a stdio argument. */
export const EACH_FIELDS = ['key', 'value', 'arg'] as const;
const eachArg = withPlaceholders([...PLACEHOLDERS, ...SERVER_FIELDS, ...EACH_FIELDS]);

export const regex = z
  .string()
  .min(1)
  .transform((source, ctx) => {
    try {
      return new RegExp(source, 'm');
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: `not a valid regular expression: ${(error as Error).message}` });
      return z.NEVER;
    }
  });

export const optionalGuarantee = z.string().refine(
  (prefix) => {
    const matched = GUARANTEES.filter((g) => g.id === prefix || g.group === prefix);
    return matched.length > 0 && matched.every((g) => g.optional);
  },
  { message: 'only optional guarantees or groups may be declared unsupported (RESOURCE, PROMPT, POLICY, TELEMETRY, TRANSPORT-2, INJECT-3, INJECT-4)' },
);

/** One argument of a server command: a template, or a template repeated per header/env entry or per stdio argument. */
export const CommandArgSchema = z.union([
  serverArg,
  z.strictObject({
    /** Repeats `args` for each header (http, sse), each environment variable (stdio), or each stdio argument. */
    each: z.enum(['headers', 'env', 'args']),
    /** Templates with {key} and {value} (headers, env) or {arg} (args). */
    args: z.array(eachArg).min(1),
  }),
]);
export type CommandArg = z.infer<typeof CommandArgSchema>;
const commandLine = z.array(CommandArgSchema).min(1);

export const HostProfileSchema = z.strictObject({
  name: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'profile names are kebab-case'),
  command: templated,
  args: z.array(templated).default([]),
  /** Compiled-code caches a user's machine keeps between the host's runs ("$TMPDIR/jiti"): warm at every start (sandbox/warm-caches.ts). */
  warmCaches: WarmCachesSchema,
  /** Arguments that print the version (first line kept). */
  versionArgs: z.array(templated).optional(),
  /**
   * How the host is connected: "pty" runs it on a pseudo-terminal (120x40, TERM=xterm-256color;
   * its screen is also rendered as the user sees it), "pipes" on plain pipes (a host that needs them).
   */
  terminal: z.enum(['pty', 'pipes']).default('pipes'),
  /**
   * With terminal "pty": a person's pause (ms) before typing a line and again before pressing Enter,
   * which is sent as a key of its own (a TUI reads one chunk of input as one paste, an Enter inside
   * it a newline, and may drop keys typed the instant its screen appears); absent = the line and
   * Enter in one write, at once.
   */
  typingPauseMs: z.number().int().positive().max(1000).optional(),
  /** Variables added to the sandbox's base environment. */
  env: z.record(z.string(), templated).default({}),
  /** Environment variables that shorten the host's deadlines (ms); absent = its real deadlines always (slower runs, same verdicts). */
  knobs: z.strictObject({ callTimeoutMs: z.string().optional(), connectTimeoutMs: z.string().optional() }).default({}),
  /** The host's own deadlines (ms) where it has no knob, as its code or docs state them: the scripted user waits them out (grading keeps the catalogue's). */
  deadlines: OwnDeadlinesSchema,
  /**
   * Where the host keeps its servers (config-template.ts): a JSON, YAML or TOML file, the servers
   * at a key path, under the host's own field names. "mcp-servers-json" is the common
   * {"mcpServers": {...}} file (an SSE server marked "type": "sse").
   */
  config: z.preprocess(
    // The shorthand is a template with the common field names (one schema, so a mistake is named by its field).
    (input) =>
      typeof input === 'object' && input !== null && (input as { format?: unknown }).format === 'mcp-servers-json'
        ? { ...input, format: 'json', fields: { transport: { field: 'type', sse: 'sse' } } }
        : input,
    // The rest of the document may name sandbox paths in keys and strings ({cwd}: a host keeping
    // per-project state keyed by the folder); {modelUrl} and {apiKey} are not known when it is written.
    ConfigTemplateSchema.extend({ path: templated, base: z.record(baseKey, templatedJson(baseKey)).default({}) }),
  ),
  /** The host saves sessions and resumes the latest with these arguments (REPLAY-*); absent = it keeps none. */
  resume: z
    .strictObject({
      args: z.array(templated).min(1),
      /** A session saved before the host supported MCP, in its own format (REPLAY-3), and a text of it that reaches the model when resumed. */
      legacySession: z.strictObject({ file: templated, placeAt: templated, marker: z.string().min(1) }).optional(),
    })
    .optional(),
  screen: z.strictObject({
    /**
     * What the patterns read: "stream", the output as written; "rendered" (a full-screen host on a
     * pty), each state of the visible screen as drawn, in order, after a form feed line, with what
     * was shown before the user's last input skipped (such a host redraws only changed cells).
     */
    read: z.enum(['stream', 'rendered']).default('stream'),
    /**
     * How long the user looks at the first prompt before typing (ms): a host that shows its prompt
     * while its servers are still connecting, and sends a line typed at once without their tools,
     * is given the second or two a person takes (its FINDINGS say so); absent = at once.
     */
    firstInputAfterMs: z.number().int().positive().max(10_000).optional(),
    prompt: regex,
    /** First line of an approval request. */
    approvalStart: regex,
    /** The approval question (ends the request). */
    approval: regex,
    /** Per-field patterns with one capture group, read from the request text (optional: checks also read the whole request). */
    approvalFields: z.partialRecord(z.enum(['exposedName', 'server', 'destination', 'tool', 'arguments']), regex).default({}),
    /** How captured field values are written: as JSON strings (unquoted when read) or raw. */
    fieldEncoding: z.enum(['json-string', 'raw']).default('raw'),
    /** The confirmation asked after an unknown outcome before the next message is sent (UNKNOWN-2); absent = the host has none. */
    unknownGate: regex.optional(),
    statusLine: regex,
    /** A status line saying a server is unavailable, group 1 the reason (default: the word "unavailable"). */
    unavailableLine: regex.default(/\bunavailable\b(?::\s*(.+))?/im),
    /** A start-up line flagging a tool's instruction-like description (INJECT-3). */
    instructionFlag: regex.optional(),
    /** A start-up line flagging a tool whose definition changed since last seen (INJECT-4). */
    changedFlag: regex.optional(),
  }),
  /**
   * The host's own commands to manage servers, run with `command` (DISCOVER-6, CRED-1, CRED-4, NET-1).
   * `add` has one line per transport; `secrets: "stdin"` types each header/env value as one line, in
   * order, at the host's own prompt; `"argv"` means the templates carry {value}.
   */
  commands: z
    .strictObject({
      add: z
        .strictObject({
          http: commandLine.optional(),
          sse: commandLine.optional(),
          stdio: commandLine.optional(),
          secrets: z.enum(['stdin', 'argv']).default('stdin'),
          /** On a terminal, the prompt each typed secret waits for (default: new text that stops mid-line). */
          secretPrompt: regex.optional(),
        })
        .optional(),
      list: z.array(templated).min(1).optional(),
      remove: z.array(serverArg).min(1).optional(),
    })
    .default({}),
  /** Chat lines for server prompts (PROMPT-1): `fetch` with {server}, {name}, {arguments} (k=v separated by spaces); absent = the host offers none. */
  prompts: z.strictObject({ fetch: commandTemplate, list: z.string().min(1) }).optional(),
  /** The host's built-in tools (EXPOSE-1, CONFIG-2): every name it offers besides MCP tools, and the one that reads files. */
  builtins: z
    .strictObject({
      tools: z.array(z.string().min(1)).default([]),
      readFile: z.strictObject({ tool: z.string().min(1), pathArgument: z.string().min(1) }).optional(),
    })
    .superRefine((b, ctx) => {
      if (b.readFile !== undefined && !b.tools.includes(b.readFile.tool))
        ctx.addIssue({ code: 'custom', path: ['readFile', 'tool'], message: `"${b.readFile.tool}" is not among builtins.tools` });
    })
    .prefault({}),
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
      /** How long the user reads an approval request before answering (ms): a host that ignores keys pressed just as its request appears (typed ahead) gets the moment a person takes; absent = at once. */
      afterMs: z.number().int().positive().max(5_000).optional(),
      /**
       * false: the host takes an approval answer as one key press (a selector), so the answer is
       * typed without Enter (an empty answer is Enter alone); an Enter after it would reach whatever
       * the host shows next, such as the next request's default choice.
       */
      enter: z.boolean().default(true),
    })
    .prefault({}),
  results: z
    .discriminatedUnion('format', [
      /** output is a JSON string with a status field. */
      z.strictObject({ format: z.literal('json'), statusField: z.string().default('status') }),
      /** output text matched against one pattern per status, in the order given (first match wins). */
      z.strictObject({ format: z.literal('regex'), patterns: z.partialRecord(z.enum(['completed', 'failed', 'denied', 'unknown', 'output_limit']), regex) }),
    ])
    .prefault({ format: 'json' }),
  unsupported: z.array(optionalGuarantee).default([]),
  /** Abilities the host lacks (harness/scenario/abilities.ts), where nothing else in the profile shows it: their checks are UNSUPPORTED. */
  lacks: z.array(z.enum(NEED_NAMES)).default([]),
  /** What the scripted model needs beyond the request: `sideCallRule` marks more request shapes as side calls (e.g. a tool-less title request). */
  model: z.strictObject({ sideCallRule: SideCallRuleSchema.optional() }).default({}),
});
export type HostProfile = z.infer<typeof HostProfileSchema>;

export interface LoadedProfile {
  profile: HostProfile;
  /** Absolute path of the profile file. */
  file: string;
}

/** Validates a profile read from `file`; problems are one HarnessError naming file and fields. */
export function parseHostProfile(raw: unknown, file: string): LoadedProfile {
  const parsed = HostProfileSchema.safeParse(raw);
  if (!parsed.success) throw new HarnessError('PROFILE_INVALID', `host profile ${file}:\n${formatIssues(parsed.error.issues)}`);
  return { profile: parsed.data, file };
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
  return parseHostProfile(raw, file);
}

/** Replaces {placeholders} (validated at load, so every name is known). */
export function fillPlaceholders(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{([A-Za-z]+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** Fills placeholders in every key and string of a JSON value. */
export function fillJsonPlaceholders(template: unknown, values: Readonly<Record<string, string>>): unknown {
  if (typeof template === 'string') return fillPlaceholders(template, values);
  if (Array.isArray(template)) return template.map((t) => fillJsonPlaceholders(t, values));
  if (typeof template === 'object' && template !== null)
    return Object.fromEntries(Object.entries(template).map(([k, v]) => [fillPlaceholders(k, values), fillJsonPlaceholders(v, values)]));
  return template;
}

export function profileDir(loaded: LoadedProfile): string {
  return dirname(loaded.file);
}
