// The scenario model: a scenario tests a host. It is data (servers, a model script, host
// knobs, a user script, checks) parsed by ScenarioSchema when its file is loaded, so a bad
// scenario fails with the file and field named, before anything runs.
import { z } from 'zod';
import { ServerBehaviourSchema, type ServerBehaviour } from '../../fake-servers/mcp/behaviour.js';
import { ProtocolOfferSchema } from '../../fake-servers/mcp/protocol-revision.js';
import type { ModelStep } from '../../fake-servers/model/mock-model.js';
import { ModelStepDataSchema } from '../../fake-servers/model/mock-model.js';
import { LevelSchema, type Evidence, type Level } from '../report/schema.js';
import type { Observations } from './observations.js';
import type { BuiltinTools } from './observations.js';
import { NEED_NAMES } from './abilities.js';
import { EndKindSchema } from './end-kind.js';
export { EndKindSchema, type EndKind } from './end-kind.js';

const fn = <T>(what: string) => z.custom<T>((v) => typeof v === 'function', { message: `must be a function (${what})` });

/** Data checked by `schema`, or a function building it at run time; data issues keep their field paths. */
function dataOrFunction<T, F>(schema: z.ZodType<T>) {
  return z.unknown().transform((value, ctx): T | F => {
    if (typeof value === 'function') return value as F;
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  });
}

/** What a fixture may refer to when it is built: places that exist only once the run starts. */
export interface FixtureContext {
  /** Origin of the trap listener (anything reaching it is an observation). */
  trapOrigin: string;
  trapUrl: string;
  /** The host's built-in tools (a server may offer one of the same name: EXPOSE-1 shadowing). */
  builtins: BuiltinTools;
}

/** Values may contain "{canary}": it becomes a fresh credential canary for this server+key. */
const CredentialsSchema = z.record(z.string().min(1), z.string());

const BehaviourSchema = dataOrFunction<ServerBehaviour, (ctx: FixtureContext) => ServerBehaviour>(ServerBehaviourSchema);

export const FakeServerSpecSchema = z.strictObject({
  transport: z.enum(['http', 'stdio', 'sse']),
  behaviour: BehaviourSchema,
  /** HTTP request headers the host is configured to send (credentials). */
  headers: CredentialsSchema.optional(),
  /** Environment variables configured for a stdio server (credentials). */
  env: CredentialsSchema.optional(),
  /** Left out of the configuration written before the first start: an `add` user step adds it. */
  added: z.literal(true).optional(),
  /**
   * stdio only (STDIO-1): configured as one executable whose path holds blanks and shell
   * characters, with no arguments (a launcher that execs the fake), so only a host that runs
   * the command directly, without a shell or word splitting, starts it.
   */
  launcher: z.literal(true).optional(),
});

/** A configuration entry written as given ("{trap}" becomes the trap's origin, "{trapPort}" its port): refused-URL cases. */
export const RawServerSpecSchema = z.strictObject({
  raw: z.union([
    z.strictObject({ url: z.string(), headers: CredentialsSchema.optional() }),
    z.strictObject({ command: z.string(), args: z.array(z.string()).optional(), env: CredentialsSchema.optional() }),
  ]),
  added: z.literal(true).optional(),
});

/**
 * A union chosen by which key an object has, so errors point into the chosen member
 * (a plain z.union only says "Invalid input" when every member fails).
 */
function byKey<T extends z.ZodType>(members: readonly (readonly [string, T])[], what: string) {
  return z.unknown().transform((value, ctx): z.output<T> => {
    const keys = value !== null && typeof value === 'object' ? Object.keys(value) : [];
    const member = members.find(([key]) => keys.includes(key))?.[1];
    if (member === undefined) {
      ctx.addIssue({ code: 'custom', message: `${what} needs one of: ${members.map(([k]) => k).join(', ')}` });
      return z.NEVER;
    }
    const parsed = member.safeParse(value);
    if (parsed.success) return parsed.data as z.output<T>;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  });
}

export const ServerSpecSchema = byKey<typeof FakeServerSpecSchema | typeof RawServerSpecSchema>(
  [
    ['raw', RawServerSpecSchema],
    ['transport', FakeServerSpecSchema],
  ],
  'a server',
);

/** A named answer (the host's own approve/deny keys, an empty line, end of input) or any text typed. */
const Answer = z.union([z.enum(['approve', 'deny', 'empty', 'eof']), z.strictObject({ text: z.string() })]);
/** How a session ends; SIGKILL is the host dying at once (a crash, the machine going down), leaving whatever it had recorded. */
/** Per-step deadline override (ms); steps default to the runner's step deadline. */
const within = z.number().int().positive().optional();

const USER_STEPS = [
  /** Waits for the prompt, then types the line. */
  ['send', z.strictObject({ send: z.string(), within })],
  /**
   * Waits for an approval request, records what it shows, answers it. `thinkMs`: the user takes
   * this long to answer; the host must go on waiting (APPROVE-1), so the wait ends early only
   * if the prompt comes back meanwhile. `optional`: in a scenario that grades something else,
   * a request some hosts do not make (a resource read run without asking, which the RESOURCE and
   * APPROVE checks grade): the host going on without one is no failure of the step.
   */
  ['approval', z.strictObject({ approval: Answer, thinkMs: z.number().int().positive().optional(), optional: z.literal(true).optional(), within })],
  /** Waits for the unknown-outcome confirmation and answers it (UNKNOWN-2): the host's confirm or decline word, an empty line, or end of input. */
  ['unknownGate', z.strictObject({ unknownGate: z.enum(['approve', 'deny', 'empty', 'eof']), within })],
  /** Waits until the screen shows this text (a regular expression source). */
  ['waitFor', z.strictObject({ waitFor: z.string().min(1), within })],
  /**
   * Waits until a fake server has received this many JSON-RPC requests of `method` (e.g. the call is surely sent);
   * with `after`, only those received after the server first sent that method (e.g. a tools/list after its list_changed);
   * with `answered`, only those the server has answered (the host holds the answer, not just the question).
   * An uppercase `method` ("GET") counts HTTP requests of that method instead (an event stream opened); with
   * `afterFault`, only those after the server staged its first fault (a stream reopened after a drop).
   * `optional`: something a host may or may not do; the deadline passing is no failure, so the next step meets a
   * host that has had its chance (a background refresh that races the user's next line is decided, not left to timing);
   * an optional step's `within` is that chance exactly (it may be shorter than the deadlines in force).
   */
  [
    'received',
    z.strictObject({
      received: z.strictObject({
        server: z.string().min(1),
        method: z.string().min(1),
        count: z.number().int().min(1).default(1),
        after: z.string().min(1).optional(),
        afterFault: z.literal(true).optional(),
        answered: z.literal(true).optional(),
      }),
      optional: z.literal(true).optional(),
      within,
    }),
  ],
  /**
   * ASK-1: waits until the screen shows `shows` (literal text: the server's message; with
   * `occurrence` n, for the n-th time: a second ask with the same message) and types
   * each line of `type` (one per requested field; "" declines); the wait ends without typing
   * once the host answered that ask itself, once `server` has answered its pending tools/call
   * (the host answered the ask itself, or was never asked), or once the host sent the model
   * anything more (it gave the call up).
   * Never a failure: the checks grade what the host did.
   */
  [
    'answerAsk',
    z.strictObject({
      answerAsk: z.strictObject({
        server: z.string().min(1),
        shows: z.string().min(1),
        occurrence: z.number().int().min(1).optional(),
        type: z.array(z.string()).min(1),
      }),
      within,
    }),
  ],
  /** Interrupts the host (Ctrl-C) while it works. */
  ['interrupt', z.strictObject({ interrupt: z.literal(true) })],
  /** Waits for the prompt (unless `now`), then ends the host this way and waits for it to exit. */
  ['end', z.strictObject({ end: EndKindSchema, now: z.boolean().optional(), within })],
  /** Adds this (`added`) server with the host's own command, typing its secrets (DISCOVER-6, CRED-1);
   *  `piped`: the secrets come on a pipe, as a script gives them (`echo $TOKEN | host mcp add ...`). */
  ['add', z.strictObject({ add: z.string().min(1), piped: z.literal(true).optional(), within })],
  /** Lists the servers with the host's own command (CRED-4). */
  ['list', z.strictObject({ list: z.literal(true), within })],
  /** Waits for the prompt and asks for one server prompt with the host's own command (PROMPT-1). */
  [
    'prompt',
    z.strictObject({
      prompt: z.strictObject({
        server: z.string().min(1),
        name: z.string().min(1),
        arguments: z.record(z.string().regex(/^[^\s=]+$/, 'prompt argument names have no blanks or "="'), z.string()).optional(),
      }),
      within,
    }),
  ],
  /** Waits for the prompt and lists the server prompts with the host's own command (PROMPT-1). */
  ['listPrompts', z.strictObject({ listPrompts: z.literal(true), within })],
  /** Starts the host again in the same sandbox (after an end), optionally resuming the last session. */
  ['restart', z.strictObject({ restart: z.strictObject({ resume: z.boolean() }), within })],
  /** Takes an HTTP fake server offline: from now on every connection to it is refused (REPLAY-1). */
  ['serverDown', z.strictObject({ serverDown: z.string().min(1) })],
  /** Removes a server from the host's configuration: its own remove command, else the configuration rewritten without it (REPLAY-1). */
  ['unconfigure', z.strictObject({ unconfigure: z.string().min(1), within })],
] as const;
type UserStepMember = (typeof USER_STEPS)[number][1];
export const UserStepSchema = byKey<UserStepMember>(USER_STEPS, 'a user step');
/** A step's kind: the key that chose its member (`send`, `approval`, ...). */
export type UserStepKind = (typeof USER_STEPS)[number][0];
export const USER_STEP_KINDS: readonly UserStepKind[] = USER_STEPS.map(([kind]) => kind);

export const GradeSchema = z.strictObject({
  verdict: z.enum(['PASS', 'FAIL']),
  observed: z.string(),
  evidence: z.array(z.custom<Evidence>()),
  /**
   * false: a precondition the check's guarantees do not ask of the host never happened ("not
   * reached", evidence.ts notReached): BLOCKED, never a FAIL of the guarantee; the runner may
   * explain why once.
   */
  reached: z.literal(false).optional(),
  /**
   * true: what the check's own guarantee requires of the host never happened although its
   * occasion came ("never happened", evidence.ts neverHappened): the absence is the breach, a
   * FAIL like any other.
   */
  owed: z.literal(true).optional(),
  /**
   * With reached false, for a tool output the model never got although the host owed it
   * (outcome-owed.ts): the "never happened" line a check whose guarantee asks that the model be
   * told (asksToTell) FAILs with; any other check stays BLOCKED.
   */
  owedToModel: z.string().optional(),
  /** true: the host, as it declared itself during the run, lacks what the check is about (a capability it need not have): UNSUPPORTED, `observed` saying why. */
  unsupported: z.literal(true).optional(),
  /** The numbers and patterns this grade applied (a deadline in force, a byte bound, a cap): what the report shows beside the verdict. */
  applied: z.record(z.string(), z.union([z.number(), z.string()])).optional(),
});
/** What a check decides from the observations; the runner maps FAIL by level (SHOULD -> NON-STRICT). */
export type Grade = z.infer<typeof GradeSchema>;

/** Abilities a host may lack without breaching anything (abilities.ts): a check needing one the host lacks is UNSUPPORTED. */
const NeedSchema = z.enum(NEED_NAMES);
export type { Need } from './abilities.js';

/** Numbers and patterns a check applies (bytes, counts, deadlines, slack): shown by --list and in reports. */
export type Thresholds = Record<string, number | string>;

/**
 * A check's grade: a function of the observations that may carry the thresholds it applies
 * (`applying`), so --list can show them before a run; each grade it returns reports what it
 * applied (`applied`), which the report shows. Nothing restates them by hand.
 */
export type GradeFn = ((obs: Observations) => Grade) & { readonly thresholds?: Thresholds };

/** `grade` applying `thresholds`: known before the run, and reported by every grade it returns (with any it adds at run time). */
export function applying(thresholds: Thresholds, grade: (obs: Observations) => Grade): GradeFn {
  const known = { ...(grade as GradeFn).thresholds, ...thresholds };
  return Object.assign(
    (obs: Observations): Grade => {
      const graded = grade(obs);
      return { ...graded, applied: { ...known, ...graded.applied } };
    },
    { thresholds: known },
  );
}

export const CheckSchema = z.strictObject({
  /** kebab-case, unique within the scenario; the report id is "<scenario>/<id>". */
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'check ids are kebab-case'),
  guarantees: z.array(z.string().regex(/^[A-Z]+-\d+$/, 'guarantee ids look like APPROVE-1')).min(1),
  /** Defaults to the strongest level among its guarantees. */
  level: LevelSchema.optional(),
  expected: z.string().min(1),
  /** Faulty hosts (harness/faulty-hosts) this check must FAIL against. */
  provenBy: z.array(z.string().min(1)),
  /** Host abilities this check needs (abilities.ts); absent ones make it UNSUPPORTED. */
  needs: z.array(NeedSchema).optional(),
  grade: fn<GradeFn>('observations => grade'),
});

/** Where a scenario may place files (the sandbox's display names). */
export const SANDBOX_PLACES = ['$HOME', '$PROJECT', '$XDG_CONFIG_HOME', '$XDG_DATA_HOME', '$XDG_STATE_HOME'] as const;
const FilePathSchema = z
  .string()
  .regex(new RegExp(`^(${SANDBOX_PLACES.map((p) => `\\${p}`).join('|')})(/[^/]+)+$`), `file paths start with one of ${SANDBOX_PLACES.join(', ')}`)
  .refine((path) => !path.split('/').some((part) => part === '.' || part === '..'), 'file paths may not contain "." or ".." segments');

export const ScenarioSchema = z.strictObject({
  /** One line: what happens in this scenario. */
  title: z.string().min(1),
  servers: z.record(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/, 'server names use letters, digits, "_" and "-"'), ServerSpecSchema),
  model: z.array(dataOrFunction<z.infer<typeof ModelStepDataSchema>, ModelStep>(ModelStepDataSchema)),
  /** Pins the protocol revision(s) every fake server of this scenario offers, over its behaviours'
   *  own (legacy SSE servers stay on their revision); the run's --protocol overrides it. */
  protocol: ProtocolOfferSchema.optional(),
  /** Host knobs; absent deadlines mean the host's real defaults (30 s call, 10 s connect). */
  host: z.strictObject({ callTimeoutMs: z.number().int().positive().optional(), connectTimeoutMs: z.number().int().positive().optional() }).default({}),
  user: z.array(UserStepSchema).min(1),
  checks: z.array(CheckSchema).min(1),
  /**
   * Files placed in the sandbox before the host first starts (old sessions, REPLAY-*; project
   * files): "$PLACE/relative/path" -> UTF-8 content, $PLACE one of SANDBOX_PLACES.
   */
  files: z.record(FilePathSchema, z.string()).optional(),
  /**
   * Also writes the host's own configuration format into the project, naming the decoy server
   * project-decoy-own (CONFIG-1: project-level settings of the host's own kind; the paths are
   * ownFormatDecoyPaths in harness/runner/fixtures.ts). Only where asked: a host that reads them
   * would carry the decoy through every other scenario.
   */
  ownConfigDecoys: z.literal(true).optional(),
  /**
   * The policy pack written through the host's adapter before the first start (POLICY-*),
   * as given: {"servers": {NAME: {trust, denyTools, allowResources, callsPerMinute}}}. It is not
   * validated here, so a scenario can hand the host an invalid pack (POLICY-4); a string is
   * written as the file's whole text (POLICY-4: a file that is not JSON at all).
   */
  policy: z.union([z.record(z.string(), z.unknown()), z.string()]).optional(),
  /** The first start already resumes the most recent session (one placed through `files` or the host's legacy session). */
  resume: z.boolean().optional(),
  /** Host abilities every check of this scenario needs; a host without one does not run it (UNSUPPORTED). */
  needs: z.array(NeedSchema).optional(),
  /** Whole-scenario deadline for the test engine (default 20 s). */
  timeoutMs: z.number().int().positive().optional(),
});

type FakeServerSpecInput = Omit<z.input<typeof FakeServerSpecSchema>, 'behaviour'> & {
  behaviour: ServerBehaviour | ((ctx: FixtureContext) => ServerBehaviour);
};
/** What a scenario file writes (behaviours and model steps typed, functions allowed). */
export type ScenarioInput = Omit<z.input<typeof ScenarioSchema>, 'servers' | 'model' | 'user'> & {
  servers: Record<string, FakeServerSpecInput | z.input<typeof RawServerSpecSchema>>;
  model: ModelStep[];
  user: z.input<UserStepMember>[];
};
export type ScenarioDefinition = z.output<typeof ScenarioSchema>;
export type ServerSpec = z.infer<typeof ServerSpecSchema>;
export type FakeServerSpec = z.infer<typeof FakeServerSpecSchema>;
export type UserStep = z.infer<typeof UserStepSchema>;
export type Check = z.infer<typeof CheckSchema>;
export type { Level };

/** A loaded scenario: its definition plus the name derived from its file. */
export interface Scenario extends ScenarioDefinition {
  name: string;
  file: string;
}

/**
 * `export default defineScenario({...})` in scenarios/<kebab-name>.scenario.ts. Typing only:
 * validation happens when the loader imports the file, so the error can name the file.
 */
export function defineScenario(definition: ScenarioInput): ScenarioInput {
  return definition;
}
