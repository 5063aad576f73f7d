// An ACP host profile (issue 14): everything the one ACP adapter needs to drive an agent that
// speaks the Agent Client Protocol, as data — its command, environment and settings files,
// where MCP servers go, the mode to set, how permission options are chosen, its bridge tools,
// its optional groups and how it ends. Built-in profiles live in harness/profiles/acp/; a path
// to a profile file works too. Errors name the file and the field.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { BridgeSchema } from '../../../fake-servers/model/bridges.js';
import { SideCallRuleSchema } from '../../../fake-servers/model/side-calls.js';
import { formatIssues, HarnessError } from '../../errors.js';
import { suiteRoot } from '../../suite-root.js';
import { optionalGuarantee, OwnDeadlinesSchema, regex, withPlaceholders } from '../profile-schema.js';
import { WarmCachesSchema } from '../../sandbox/warm-caches.js';
import { NEED_NAMES } from '../../scenario/abilities.js';

/**
 * Placeholders a profile string may use; filled from the sandbox and the run. `hostDir` is the
 * host's install folder .hosts/<install> (for what its install step prepared once, e.g. a
 * read-only unpacked package cache shared by every scenario).
 */
export const ACP_PLACEHOLDERS = [
  'apiKey',
  'modelUrl',
  'modelOrigin',
  'home',
  'project',
  'configHome',
  'dataHome',
  'stateHome',
  'cacheHome',
  'tmp',
  'hostDir',
  'suiteRoot',
  'profileDir',
] as const;
export type AcpPlaceholder = (typeof ACP_PLACEHOLDERS)[number];
const templated = withPlaceholders(ACP_PLACEHOLDERS);

/**
 * Inside a server entry template: {name}, {command}, {url} fill strings; a string that is
 * exactly "{args}", "{env}", "{headers}" or "{commandLine}" ([command, ...args]) becomes that value.
 */
export const ENTRY_FIELDS = ['name', 'command', 'url', 'args', 'env', 'headers', 'commandLine'] as const;
const entryString = withPlaceholders([...ACP_PLACEHOLDERS, ...ENTRY_FIELDS]);

/** JSON whose strings are templates (checked against `text`). */
function templatedJson(text: z.ZodType<string>): z.ZodType<unknown> {
  const json: z.ZodType<unknown> = z.lazy(() => z.union([text, z.number(), z.boolean(), z.null(), z.array(json), z.record(z.string(), json)]));
  return json;
}

/** A path inside the sandbox: it must start with {home} or {project} (a host never writes outside). */
const sandboxPath = templated.refine(
  (p) => /^\{(home|project|configHome|dataHome|stateHome|cacheHome)\}\//.test(p),
  'paths start with {home}/, {project}/ or an XDG placeholder',
);

const SettingsFileSchema = z
  .strictObject({
    path: sandboxPath,
    /** JSON content (merged with the servers when `mcpServers.file` names the same path). */
    json: z.record(z.string(), templatedJson(templated)).optional(),
    /** Text content as given (e.g. TOML), placeholders filled. */
    text: templated.optional(),
    /**
     * JSON files only: entries written for each configured server under `key`, merged with what
     * `json` has there; keys and strings take {name} (opencode: `{"key": "permission", "entries": {"{name}_*": "ask"}}`).
     */
    perServer: z.strictObject({ key: z.string().min(1), entries: z.record(entryString, templatedJson(entryString)) }).optional(),
  })
  .refine((f) => f.perServer === undefined || f.json !== undefined, '"perServer" needs a "json" settings file')
  .refine((f) => (f.json === undefined) !== (f.text === undefined), 'a settings file has either "json" or "text"');

const entryTemplate = z.record(z.string(), templatedJson(entryString));

export const McpPlacementSchema = z.discriminatedUnion('in', [
  /** The client sends the servers in session/new (ACP's own way). */
  z.strictObject({ in: z.literal('session/new') }),
  /** The host reads its servers from a JSON file: `key` holds one entry per server, written from the template of its transport. */
  z.strictObject({
    in: z.literal('file'),
    path: sandboxPath,
    key: z.string().min(1),
    stdio: entryTemplate,
    http: entryTemplate.optional(),
    sse: entryTemplate.optional(),
  }),
]);
export type McpPlacement = z.infer<typeof McpPlacementSchema>;

const PermissionKindSchema = z.enum(['allow_once', 'allow_always', 'reject_once', 'reject_always']);
/**
 * An option to select: by its `kind`, or by its `name` (a pattern) for an agent whose options'
 * kinds do not tell them apart (pi-acp marks every choice of an extension's dialog allow_once,
 * its "Deny" too): the name is what a user reads on the button.
 */
export const PermissionChoiceSchema = z.union([PermissionKindSchema, z.strictObject({ name: regex })]);
export type PermissionChoice = z.infer<typeof PermissionChoiceSchema>;

export const AcpProfileSchema = z.strictObject({
  name: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'profile names are kebab-case'),
  /** Marks an ACP profile (as `install` does): for an agent not installed by the suite. */
  protocol: z.literal('acp').optional(),
  /** The folder under .hosts/ that `npm run hosts:install -- <install>` fills; absent = the agent is installed elsewhere. */
  install: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'install names are kebab-case')
    .optional(),
  /**
   * The program: with `install`, one in .hosts/<install>/node_modules/.bin/; else a command on
   * PATH ("node" is the Node running the suite); or an absolute path.
   */
  bin: z.string().min(1),
  argv: z.array(templated).default([]),
  /** Variables added to the sandbox's base environment (HOME and XDG dirs are the sandbox's already). */
  env: z.record(z.string(), templated).default({}),
  settings: z.array(SettingsFileSchema).default([]),
  mcpServers: McpPlacementSchema.prefault({ in: 'session/new' }),
  /** The session mode set with session/set_mode after session/new (e.g. one that asks before each tool call). */
  mode: z.string().min(1).optional(),
  /** Which permission option each answer selects, by the option's `kind` or `name`, first present wins. */
  permission: z
    .strictObject({
      approve: z.array(PermissionChoiceSchema).min(1).default(['allow_once']),
      deny: z.array(PermissionChoiceSchema).min(1).default(['reject_once']),
    })
    .prefault({}),
  /**
   * Tools through which the model reaches MCP tools (Qwen: `tool_call {name: "mcp__<server>__<tool>", arguments}`):
   * the bridge's function name, the argument naming the target (with its template) and the one carrying the arguments.
   */
  bridges: z.array(BridgeSchema.extend({ target: withPlaceholders(['server', 'tool']) })).default([]),
  /** What the scripted model needs beyond the request: `sideCallRule` marks more request shapes as side calls (e.g. a tool-less title request). */
  model: z.strictObject({ sideCallRule: SideCallRuleSchema.optional() }).default({}),
  /**
   * When the first prompt may be sent: "session" (once session/new answers) or "servers-listed"
   * (a host that connects its servers in the background after session/new: once every configured
   * server has answered tools/list or ended, at most the connect deadline).
   */
  ready: z.enum(['session', 'servers-listed']).default('session'),
  /** Optional guarantees or groups the host lacks (their checks are UNSUPPORTED). */
  unsupported: z.array(optionalGuarantee).default([]),
  /** Abilities the host lacks (harness/scenario/abilities.ts), where nothing else in the profile shows it: their checks are UNSUPPORTED. */
  lacks: z.array(z.enum(NEED_NAMES)).default([]),
  /** The agent's own deadlines (ms), as its code or docs state them: the scripted user waits them out (grading keeps the catalogue's). */
  deadlines: OwnDeadlinesSchema,
  /**
   * How the host writes an MCP call's outcome for the model (RESULT-*): one pattern per status,
   * tried in order against the output's text (its text parts joined); none matching = unreadable.
   */
  results: z.partialRecord(z.enum(['denied', 'failed', 'unknown', 'output_limit', 'completed']), regex).default({}),
  /** The status of a result the model API flags as an error (is_error, Gemini's error key) that no pattern but `completed` matches. */
  flagged: z.enum(['denied', 'failed', 'unknown', 'output_limit']).default('failed'),
  /** Its own tools besides MCP ones (names the model is offered). */
  builtins: z.array(z.string().min(1)).default([]),
  /** Resume with session/load (used only when the agent advertises loadSession). */
  resume: z.boolean().default(false),
  /** How the host ends: "eof" (it exits at end of input) or "sigterm" (it ignores end of input: stdin is closed, then SIGTERM). */
  end: z.enum(['eof', 'sigterm']).default('eof'),
  /** Compiled-code caches a user's machine keeps between the host's runs ("$TMPDIR/jiti"): warm at every start (sandbox/warm-caches.ts). */
  warmCaches: WarmCachesSchema,
  /** Arguments that print the version; absent = the installed package.json's version. */
  versionArgs: z.array(z.string()).optional(),
  /** The npm package installed (to read its version from .hosts/<install>). */
  package: z.string().min(1).optional(),
  /**
   * A one-time step of the install after npm (scripts/install-host.mjs): `bin` runs once, no
   * arguments, with `env` added ({dir}: the folder it prepares, .hosts/<install>/<dir>), and the
   * folder is made read-only; the profile names it {hostDir}/<dir>. Copilot unpacks its package
   * there. A repro folder (harness/cli/repro-host.ts) runs the same step at its `npm install`.
   */
  prepare: z
    .strictObject({
      dir: z.string().regex(/^(?!\.\.?$)[\w.-]+$/, 'a folder name (letters, digits, "_", "." and "-")'),
      env: z.record(z.string(), withPlaceholders(['dir'])),
    })
    .optional(),
});
export type AcpProfile = z.infer<typeof AcpProfileSchema>;

export interface LoadedAcpProfile {
  profile: AcpProfile;
  file: string;
}

/** Where the built-in ACP profiles live. */
export function builtinAcpProfileDir(): string {
  return join(suiteRoot(), 'harness', 'profiles', 'acp');
}

/** The names of the built-in ACP profiles (each a valid --host value). */
export function builtinAcpProfileNames(): string[] {
  return existsSync(builtinAcpProfileDir())
    ? readdirSync(builtinAcpProfileDir())
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.slice(0, -'.json'.length))
        .sort()
    : [];
}

/** The built-in profile file of that name, or null. */
export function builtinAcpProfile(name: string): string | null {
  if (!/^[a-z0-9-]+$/.test(name)) return null;
  const file = join(builtinAcpProfileDir(), `${name}.json`);
  return existsSync(file) ? file : null;
}

/** Whether a JSON value is an ACP profile (it says `"protocol": "acp"` or names an `install` folder), not a terminal host profile. */
export function looksLikeAcpProfile(raw: unknown): boolean {
  return typeof raw === 'object' && raw !== null && ('install' in raw || (raw as { protocol?: unknown }).protocol === 'acp');
}

export function parseAcpProfile(raw: unknown, file: string): LoadedAcpProfile {
  const parsed = AcpProfileSchema.safeParse(raw);
  if (!parsed.success) throw new HarnessError('PROFILE_INVALID', `ACP host profile ${file}:\n${formatIssues(parsed.error.issues)}`);
  return { profile: parsed.data, file };
}

export function loadAcpProfile(path: string): LoadedAcpProfile {
  const file = resolve(path);
  try {
    return parseAcpProfile(JSON.parse(readFileSync(file, 'utf8')), file);
  } catch (error) {
    if (error instanceof HarnessError) throw error;
    throw new HarnessError('PROFILE_INVALID', `ACP host profile ${file}: ${(error as Error).message}`);
  }
}
