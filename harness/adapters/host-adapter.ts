// The contract between the suite and a host under test (in the style of the SDK's Transport:
// a small core every host has, and optional abilities grouped in `capabilities`, so a new
// adapter implements only what its host has). An adapter hides how a host is configured,
// launched and talked to; scenarios never see host-specific strings.
import type { Bridge } from '../../fake-servers/model/bridges.js';
import type { SideCallRule } from '../../fake-servers/model/side-calls.js';
import type { ApprovalSeen, BuiltinTools, CallStatus, ConfiguredServers, ScreenText, TelemetrySeen } from '../scenario/observations.js';
import type { EndKind } from '../scenario/end-kind.js';

// What a host reports and what the checks read of it: defined with the observations, which depend on nothing here.
export type { BuiltinTools, CallStatus, ConfiguredServers, TelemetrySeen };
import type { Sandbox } from '../sandbox/sandbox.js';
import type { ExitStatus } from '../supervision/process-group.js';
import type { WarmCaches } from '../sandbox/warm-caches.js';

/** One server as the host's configuration must hold it (common mcpServers shape). */
export type ServerConfigEntry =
  | { command: string; args: string[]; env: Record<string, string> }
  /** `type: 'sse'` marks the legacy HTTP+SSE transport (TRANSPORT-2); absent = Streamable HTTP. */
  | { url: string; headers: Record<string, string>; type?: 'sse' };

/** Start-up lines a host uses to flag tools (INJECT-3, INJECT-4); absent = it never flags. */
export interface FlagPatterns {
  instructionLike?: RegExp;
  changedDefinition?: RegExp;
}

/** Deadlines the scenario asks for (ms); the host applies those it has knobs for. */
export interface Knobs {
  callTimeoutMs?: number;
  connectTimeoutMs?: number;
}

export interface StartOptions {
  modelUrl: string;
  apiKey: string;
  /** Shortened deadlines; absent = the host's own defaults. */
  knobs: Knobs;
  /** Resume the most recent session instead of starting a new one. */
  resume: boolean;
  /**
   * Resolves once every server configured at this start has answered tools/list or ended, or at
   * the deadline (the fake servers' journals): for hosts that connect in the background, so the
   * first prompt does not race their discovery. Absent = nothing to wait for.
   */
  serversListed?(timeoutMs: number): Promise<void>;
}

/** How the scripted user answers an approval request: a named answer or any text typed. */
export type Answer = Exclude<ApprovalSeen['answer'], 'unanswered'>;

/** What an approval request showed, as read by the adapter. */
export type ApprovalShown = Pick<ApprovalSeen, 'text' | 'fields'>;

/**
 * A step the host's own protocol cannot express (e.g. typing free text at a protocol-driven
 * approval). The scripted user stops there; the checks that needed it are UNSUPPORTED, not FAIL.
 */
export class UndrivableStep extends Error {
  override name = 'UndrivableStep';
}

/** The host itself refused a start or resume with its own error: the step fails (the checks say "not reached"), the suite did not break. */
export class HostRefused extends Error {
  override name = 'HostRefused';
}

export interface HostSession {
  readonly pid: number;
  readonly exited: Promise<ExitStatus>;
  hasExited(): boolean;
  /** Stops the host's whole process group and reaps it (supervision; idempotent). */
  kill(graceMs?: number): Promise<ExitStatus>;
  screen(): ScreenText;
  /** The screen text before this session's first prompt (start-up notices), or all of it while none came. */
  startupText(): string;
  /** Waits for text (regular expression) after the last consumed match; null when not seen. */
  waitFor(pattern: RegExp, timeoutMs: number): Promise<string | null>;
  /** Waits until the host is ready for a message (its prompt). */
  waitForPrompt(timeoutMs: number): Promise<boolean>;
  /** Types one line. */
  send(line: string): void;
  /** Waits for an approval request; null when the prompt came back first, the host exited or time ran out. */
  waitForApproval(timeoutMs: number): Promise<ApprovalShown | null>;
  /** Answers the approval request on screen; throws UndrivableStep when the host cannot take this answer. */
  answer(answer: Answer): void;
  /** Ctrl-C while the host works (a terminal delivers it to the foreground process group). */
  interrupt(): void;
  /** End of input; the quit command; SIGINT as Ctrl-C (the foreground process group); SIGTERM to the host as a process manager sends it. */
  end(kind: EndKind): void;
  /** Present when the host has an unknown-outcome confirmation (UNKNOWN-2). */
  readonly unknownGate?: {
    /** Waits for the confirmation; null when the prompt came first. */
    wait(timeoutMs: number): Promise<string | null>;
    /** The host's confirm or decline word, an empty line (Enter) or end of input. */
    answer(answer: 'approve' | 'deny' | 'empty' | 'eof'): void;
  };
}

/** Result of one of the host's own commands (add, list, remove a server). */
export interface CommandOutcome {
  exit: ExitStatus;
  screen: ScreenText;
  /** The command lines the host was started with, as the process table showed them (CRED-1: no secret on argv). */
  argv: string[];
}

/** Where the host keeps its servers, in its own format. */
export interface HostConfig {
  /** Files where configured credentials may legitimately be stored (CRED-1). */
  files(sandbox: Sandbox): string[];
  write(sandbox: Sandbox, servers: Record<string, ServerConfigEntry>): void;
  /** Writes the same kind of file elsewhere (CONFIG-1: a copy inside the project, which the host must never read); absent where the harness cannot. */
  writeAt?(sandbox: Sandbox, file: string, servers: Record<string, ServerConfigEntry>): void;
  /** The server names the configuration holds now (CONFIG-2, NET-1), read in the host's own format. */
  read(sandbox: Sandbox): ConfiguredServers;
}

/** How the host's screen and its tool outputs are read. */
export interface HostReading {
  /** Matches the per-server status lines before the first prompt (DISCOVER-3). */
  statusLine: RegExp;
  /** A status line saying a server is unavailable; capture group 1, when present, is the reason. */
  unavailableLine: RegExp;
  /** Lines flagging tools at start-up (INJECT-3, INJECT-4). */
  flags: FlagPatterns;
  /**
   * Status of a function_call_output's `output`, or null when it cannot be read; `isError` is the
   * model API's own error flag on the result where it has one (Anthropic is_error, Gemini's error key).
   */
  classifyOutput(output: unknown, flags?: { isError?: boolean }): CallStatus | null;
}

/** A saved session from before the host supported MCP, in its own format (REPLAY-3). */
export interface LegacySession {
  /** Places the file where the host keeps sessions. */
  place(sandbox: Sandbox): void;
  /** Text of the old session that a resumed host sends on to the model. */
  marker: string;
}

export interface HostCapabilities {
  /** Optional guarantees (IDs or group prefixes) the host declares absent: their checks are UNSUPPORTED. */
  unsupported: string[];
  /** The knobs the host has: which of StartOptions.knobs it applies. Without one, its real deadline is in force. */
  knobs: { callTimeoutMs: boolean; connectTimeoutMs: boolean };
  /**
   * The host's own deadlines where it has no knob, as its profile states them (facts, not
   * settings): the scripted user waits them out, so a host that gives up at 60 s is seen doing
   * so instead of being left at 35 s. Grading still applies the catalogue's deadlines.
   */
  ownDeadlines?: Knobs;
  /** Whether the host has a quit command (end kind "quit"). */
  quit: boolean;
  /** Whether the host asks for a confirmation after an unknown outcome (its sessions then offer `unknownGate`). */
  unknownGate: boolean;
  /**
   * Whether the host draws its own screen. A protocol host (app-server, ACP) hands events to a
   * client that renders them: how server text and confirmations look is then the client's.
   */
  ownScreen: boolean;
  /** False when the host's protocol has no per-server start-up status (ACP), so no status line can be shown (DISCOVER-3); absent = it has. */
  serverStatus?: boolean;
  /**
   * False when the suite, as the host's protocol client, cannot show a server's elicitation: its
   * ACP client declares none, and an agent forwards an elicitation only to a client that does
   * (claude-agent-acp, codex-acp 2.x). Absent = the host shows it itself, or its client does.
   */
  elicitationShown?: boolean;
  builtins: BuiltinTools;
  /** What the scripted model must know of the host: bridge functions to MCP tools it lists only in text, extra side-call shapes. */
  model?: { bridges?: Bridge[]; sideCallRule?: SideCallRule };
  /** Abilities of the ABILITIES table (harness/scenario/abilities.ts) the host lacks, by name (a profile's `lacks`). */
  lacks?: readonly string[];
  /** The host saves sessions and can resume the latest one (REPLAY-*); absent = it keeps none. */
  resume?: { legacy?: LegacySession };
  /** The host's own commands to manage servers (DISCOVER-6, CRED-1, CRED-4, NET-1). */
  commands?: {
    /** `piped`: the typed values come on a pipe, as a script gives them (`echo $TOKEN | host mcp add ...`), not at a terminal. */
    add?(sandbox: Sandbox, name: string, server: ServerConfigEntry, options?: { piped?: boolean }): Promise<CommandOutcome>;
    list?(sandbox: Sandbox): Promise<CommandOutcome>;
    remove?(sandbox: Sandbox, name: string): Promise<CommandOutcome>;
  };
  /** Writes a scenario's policy pack as the host's policy file, as given (POLICY-*; invalid packs too; a string is the file's whole text). */
  policy?: { write(sandbox: Sandbox, pack: Record<string, unknown> | string): void };
  /** Reads the host's per-call telemetry records (TELEMETRY-*). */
  telemetry?: { read(sandbox: Sandbox): TelemetrySeen };
  /** Chat lines that list and fetch server prompts (PROMPT-1). */
  prompts?: { line(server: string, name: string, args: Record<string, string>): string; listLine: string };
}

export interface HostAdapter {
  /** Short name used in reports and rerun commands ("reference", a profile's name). */
  readonly name: string;
  /** How the CLI selects this host again (for rerun commands): "reference" or a profile path. */
  readonly selector: string;
  version(): Promise<string | null>;
  readonly config: HostConfig;
  start(sandbox: Sandbox, options: StartOptions): Promise<HostSession>;
  readonly reading: HostReading;
  readonly capabilities: HostCapabilities;
  /** The host's compiled-code caches, kept from the preflight's start for every later one (its profile's `warmCaches`). */
  readonly warmCaches?: WarmCaches;
}

/** The deadlines the catalogue states (10 s connect and discover, 30 s per call). */
export const CATALOGUE_DEADLINES = { connectTimeoutMs: 10_000, callTimeoutMs: 30_000 } as const;

/** The deadlines in force for a start: a knob's value where the host has that knob, else the catalogue's. */
export function deadlinesInForce(capabilities: Pick<HostCapabilities, 'knobs'>, knobs: Knobs): Required<Knobs> {
  const pick = (knob: keyof Knobs): number => (capabilities.knobs[knob] ? knobs[knob] : undefined) ?? CATALOGUE_DEADLINES[knob];
  return { callTimeoutMs: pick('callTimeoutMs'), connectTimeoutMs: pick('connectTimeoutMs') };
}

/** How long the scripted user waits on each deadline: the one in force, or the host's own where it states a longer one and has no knob. */
export function deadlinesWaited(capabilities: Pick<HostCapabilities, 'knobs' | 'ownDeadlines'>, knobs: Knobs): Required<Knobs> {
  const inForce = deadlinesInForce(capabilities, knobs);
  const own = (knob: keyof Knobs): number => (capabilities.knobs[knob] ? 0 : (capabilities.ownDeadlines?.[knob] ?? 0));
  return {
    callTimeoutMs: Math.max(inForce.callTimeoutMs, own('callTimeoutMs')),
    connectTimeoutMs: Math.max(inForce.connectTimeoutMs, own('connectTimeoutMs')),
  };
}
