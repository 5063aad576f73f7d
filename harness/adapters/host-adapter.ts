// The contract between the suite and a host under test (style of the SDK's Transport: a
// small interface, one file per implementation). An adapter hides how a host is
// configured, launched and talked to; scenarios never see host-specific strings.
import type { ApprovalSeen, ScreenText } from '../scenario/observations.js';
import type { EndKind } from '../scenario/scenario-schema.js';
import type { Sandbox } from '../sandbox/sandbox.js';
import type { ExitStatus } from '../supervision/process-group.js';

/** Statuses of a function_call_output (RESULT-1..9). */
export type CallStatus = 'completed' | 'failed' | 'denied' | 'unknown' | 'output_limit';

/** One server as the host's configuration must hold it (common mcpServers shape). */
export type ServerConfigEntry =
  | { command: string; args: string[]; env: Record<string, string> }
  /** `type: 'sse'` marks the legacy HTTP+SSE transport (TRANSPORT-2); absent = Streamable HTTP. */
  | { url: string; headers: Record<string, string>; type?: 'sse' };

/** Server names read back from the host's configuration, or why it could not be read. */
export type ConfiguredServers = { servers: string[] } | { problem: string };

/** The host's telemetry as read back after a run (TELEMETRY-*): parsed records plus the raw text. */
export interface TelemetrySeen {
  /** Display path of the file read. */
  file: string;
  /** The whole file (absent file = empty). */
  raw: string;
  /** One object per parsed record. */
  records: Record<string, unknown>[];
  /** Lines that were not a JSON object. */
  problems: string[];
}

/** Start-up lines a host uses to flag tools (INJECT-3, INJECT-4); absent = it never flags. */
export interface FlagPatterns {
  instructionLike?: RegExp;
  changedDefinition?: RegExp;
}

export interface HostFeatures {
  /** Optional guarantees (IDs or group prefixes) this host declares absent: checks on them are UNSUPPORTED. */
  unsupported: string[];
  /** The end kinds the host offers (a quit command, signals, end of input). */
  endKinds: EndKind[];
}

export interface StartOptions {
  modelUrl: string;
  apiKey: string;
  /** Shortened deadlines; absent = the host's own defaults. */
  knobs: { callTimeoutMs?: number; connectTimeoutMs?: number };
  /** Resume the most recent session instead of starting a new one. */
  resume: boolean;
}

export type Answer = ApprovalSeen['answer'];

/** What an approval request showed, as read by the adapter. */
export type ApprovalShown = Pick<ApprovalSeen, 'text' | 'fields'>;

export interface HostSession {
  readonly pid: number;
  screen(): ScreenText;
  /** Waits for text (regular expression) after the last consumed match; null when not seen. */
  waitFor(pattern: RegExp, timeoutMs: number): Promise<string | null>;
  /** Waits until the host is ready for a message (its prompt). */
  waitForPrompt(timeoutMs: number): Promise<boolean>;
  /** Types one line. */
  send(line: string): void;
  /** Waits for an approval request; null when the prompt came back first, the host exited or time ran out. */
  waitForApproval(timeoutMs: number): Promise<ApprovalShown | null>;
  answer(kind: Answer): void;
  /** Waits for the unknown-outcome confirmation (UNKNOWN-2); null when the prompt came first. */
  waitForUnknownGate(timeoutMs: number): Promise<string | null>;
  answerUnknownGate(confirm: boolean): void;
  interrupt(): void;
  end(kind: EndKind): void;
  readonly exited: Promise<ExitStatus>;
  hasExited(): boolean;
  /** The screen text before this session's first prompt (start-up notices), or all of it while none came. */
  startupText(): string;
  /** Stops the host's whole process group and reaps it (supervision; idempotent). */
  kill(graceMs?: number): Promise<ExitStatus>;
}

/** Result of adding a server through the host's own command (DISCOVER-6, CRED-1). */
export interface AddServerOutcome {
  exit: ExitStatus;
  screen: ScreenText;
}

export interface HostAdapter {
  /** Short name used in reports and rerun commands ("reference", a profile's name). */
  readonly name: string;
  /** How the CLI selects this host again (for rerun commands): "reference" or a profile path. */
  readonly selector: string;
  readonly features: HostFeatures;
  version(): Promise<string | null>;
  /** Files where configured credentials may legitimately be stored (CRED-1). */
  configFiles(sandbox: Sandbox): string[];
  writeConfig(sandbox: Sandbox, servers: Record<string, ServerConfigEntry>): void;
  /** The server names the host's configuration holds now (CONFIG-2, NET-1), read in its own format. */
  configuredServers(sandbox: Sandbox): ConfiguredServers;
  start(sandbox: Sandbox, options: StartOptions): Promise<HostSession>;
  /** Status of a function_call_output's `output`, or null when it cannot be read. */
  classifyOutput(output: unknown): CallStatus | null;
  /** Matches the per-server status lines before the first prompt (DISCOVER-3). */
  readonly statusLine: RegExp;
  /** A status line saying a server is unavailable; capture group 1, when present, is the reason. */
  readonly unavailableLine: RegExp;
  /** Adds a server with the host's own command, typing secrets at its prompts (hosts that have one). */
  addServer?(sandbox: Sandbox, name: string, server: ServerConfigEntry, env: Record<string, string>): Promise<AddServerOutcome>;
  /** Lists the configured servers with the host's own command (CRED-4; hosts that have one). */
  listServers?(sandbox: Sandbox): Promise<AddServerOutcome>;
  /** Lines flagging tools at start-up (INJECT-3, INJECT-4). */
  readonly flagPatterns: FlagPatterns;
  /**
   * Writes the scenario's policy pack as the host's policy file (POLICY-*; hosts that have one).
   * The pack is written as given, so a scenario can hand the host an invalid one (POLICY-4).
   */
  writePolicy?(sandbox: Sandbox, policy: Record<string, unknown>): void;
  /** Reads the host's per-call telemetry records (TELEMETRY-*; hosts that keep them). */
  readTelemetry?(sandbox: Sandbox): TelemetrySeen;
  /** The chat line that fetches one server prompt (PROMPT-1; hosts that offer prompts). */
  promptLine?(server: string, name: string, args: Record<string, string>): string;
  /** The chat line that lists server prompts (PROMPT-1). */
  readonly listPromptsLine?: string;
}
