// Everything the suite saw from outside the host during one scenario run. Checks grade
// these after the run; nothing here is a verdict yet.
import type { Bridge } from '../../fake-servers/model/bridges.js';
import type { LookupSeen } from '../sandbox/name-watch.js';
import type { JournalEntry } from '../../fake-servers/mcp/journal.js';
import type { ModelApi, ModelRequestRecord } from '../../fake-servers/model/mock-model.js';
import type { TrapHit } from '../../fake-servers/mcp/trap.js';
import type { UnresolvedTarget } from '../../fake-servers/model/script.js';
import type { CatalogueEntry } from '../../fake-servers/model/tool-resolution.js';
import type { Canary, CanarySighting, ScanGap } from '../sandbox/canaries.js';
import type { ProcessInfo } from '../supervision/proc-scan.js';

/** Statuses of a function_call_output (RESULT-1..9). */
export type CallStatus = 'completed' | 'failed' | 'denied' | 'unknown' | 'output_limit';

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

/** The host's own tools besides MCP ones (EXPOSE-1 shadowing, CONFIG-2). */
export interface BuiltinTools {
  /** Names of every built-in function the host offers the model (may be empty). */
  names: string[];
  /** A built-in that reads a file, and the argument naming its path; absent = none. */
  readFile?: { tool: string; pathArgument: string };
}

export interface ScreenText {
  /** stdout and stderr interleaved in arrival order. */
  all: string;
  stdout: string;
  stderr: string;
  /** True when the host wrote more than the capture cap (the rest was drained, not kept). */
  truncated: boolean;
  /** On a pseudo-terminal: what the user sees, rendered by a terminal emulator, scrollback included (absent on pipes). */
  rendered?: string;
  /**
   * On a pseudo-terminal: every line that was ever on the rendered screen, in the order each
   * first appeared (a line redrawn in place once): what the user read, also of a full-screen host.
   */
  seen?: string[];
  /** What the user is shown, where that is less than `all`: an ACP or app-server client's
   *  transcript, without the agent's stderr (its log, which no such client shows). */
  shown?: string;
}

/** One approval request as the host showed it, and how it was answered. */
export interface ApprovalSeen {
  /** The screen text of the request (from its first line to the question). */
  text: string;
  /** Fields the adapter could read from it (server, destination, tool, arguments). */
  fields: Partial<Record<'exposedName' | 'server' | 'destination' | 'tool' | 'arguments', string>>;
  /**
   * A named answer, or any text the user typed (APPROVE-3: anything but yes denies);
   * "unanswered": shown where the script waited for the prompt (a question the host should not have asked).
   */
  answer: 'approve' | 'deny' | 'empty' | 'eof' | { text: string } | 'unanswered';
  /** When the request was seen on screen and when it was answered (monotonic ms, comparable with journal `mono`). */
  shownAt: number;
  answeredAt: number;
}

export interface ToolOutputSeen {
  /** Index of the model request that carried it. */
  request: number;
  /** The model API that request came in. */
  api: ModelApi;
  callId: string;
  /** The result as the host sent it: a string as it is, any other shape (content parts, a Gemini response object) as its JSON. */
  output: string;
  /** The text the model got from it, read in its API's shape (harness/adapters/result-text.ts): what statuses and content checks read, and the report shows. */
  text: string;
  /** The API's own error flag on the result (Anthropic is_error, a Gemini `error` key); absent where the API has none. */
  isError?: boolean;
  /** The status read from it; null when it could not be read ("unreadable": never taken for completed or failed). */
  status: CallStatus | null;
}

export interface ServerObservation {
  name: string;
  transport: 'http' | 'stdio' | 'sse' | 'raw';
  /** URL or command line, as configured. */
  destination: string;
  journal: JournalEntry[];
}

export interface FileSeen {
  /** Display path: $HOME/..., $XDG_CONFIG_HOME/..., $PROJECT/... */
  path: string;
  mode: number;
  size: number;
  /** UTF-8 content, capped (the canary scan reads the whole file itself). */
  content: string;
}

export interface ExitSeen {
  code: number | null;
  signal: string | null;
  /** The host did not exit by itself within the deadline and the harness killed its group. */
  killedByHarness: boolean;
}

/** A host command run by the scripted user besides the chat (`add`, `list` steps). */
export interface CommandSeen {
  command: 'add' | 'list';
  /** The server added (add), null for list. */
  server: string | null;
  exit: { code: number | null; signal: string | null };
  screen: ScreenText;
  /** The command line it ran with (CRED-1: a secret there is visible in the process table). */
  argv: string[];
  /**
   * When the command had exited (machine monotonic ms, as journal `mono`): what a server received
   * up to then is counted from its final journal, so an entry still on its way when the command
   * ended (a stdio server's journal arrives over a socket) is not missed.
   */
  endedMono: number;
  /** The host's configuration files before and after it (CONFIG-3: a file replaced atomically is a new inode). */
  config?: { before: FileIdentity[]; after: FileIdentity[] };
}

/** A file as the kernel knows it: a rewrite in place keeps its inode, a rename-into-place does not. */
export interface FileIdentity {
  path: string;
  inode: number;
  size: number;
  mtimeMs: number;
}

/** One host start: what it showed before its first prompt (INJECT-3, INJECT-4). */
export interface StartupSeen {
  text: string;
  /** Lines matching the host's instruction-like flag pattern. */
  instructionFlags: string[];
  /** Lines matching the host's changed-definition flag pattern. */
  changedFlags: string[];
}

export interface ScriptOutcome {
  /** Steps completed in order. */
  completed: number;
  /**
   * The step that could not happen, with why (e.g. "no approval request within 5000 ms").
   * `undrivable`: the host's own protocol cannot express the step (not a breach by the host);
   * `requests`: how many model requests had arrived by then; `mono`: when the step gave up
   * (monotonic ms, comparable with journal `mono`); `hostExited`: the host's session had
   * already ended by itself when it did (nothing of the harness had stopped it).
   */
  stoppedAt: { step: number; what: string; reason: string; undrivable?: true; requests?: number; mono?: number; hostExited?: true } | null;
  /** The script's end step found the host back at its prompt (every turn over) before ending it. */
  endedAtPrompt?: true;
  /** The script's end step found the host's last session already ended by itself (its input closed at an approval, or a crash). */
  exitedBeforeEnd?: true;
}

/** What the host has, as its adapter declares it: checks read it to tell "absent" from "broken". */
export interface HostTraits {
  builtins: BuiltinTools;
  unknownGate: boolean;
  quit: boolean;
  resume: boolean;
  /** A text of the host's own session saved before MCP support, when its profile names one (REPLAY-3). */
  legacyMarker: string | null;
  /** The deadlines in force for this run (a knob's value, else the catalogue's 30 s call, 10 s connect). */
  deadlines: { callTimeoutMs: number; connectTimeoutMs: number };
  /** Functions through which the model reaches MCP tools the host lists only in text; absent = none. */
  bridges?: Bridge[];
  /** false when the host's protocol carries no per-server status (ACP); absent = it shows one. */
  serverStatus?: false;
}

/** What the name watch saw (sandbox/name-watch.ts); `watched: false` when this machine cannot watch. */
export type LookupsSeen = { watched: true; names: LookupSeen[] } | { watched: false; reason: string };

export interface Observations {
  scenario: string;
  hostPid: number | null;
  host: HostTraits;
  screen: ScreenText;
  /** Lines that match the host's server status pattern, in order. */
  statusLines: string[];
  /** The status lines saying a server is unavailable (the host's own wording), with the reason when it gives one. */
  unavailable: { line: string; reason: string | null }[];
  approvals: ApprovalSeen[];
  /** Texts of the unknown-outcome confirmations seen (UNKNOWN-2). */
  unknownGates: string[];
  /** Host commands besides the chat (add, list), in order. */
  commands: CommandSeen[];
  script: ScriptOutcome;
  /** Each host start, in order: the index its first model request would have, and when it began (monotonic ms). */
  sessionStarts: { request: number; mono: number }[];
  modelRequests: ModelRequestRecord[];
  /** Calls the scripted model could not find among the offered functions (graded by EXPOSE checks). */
  unresolvedTargets: UnresolvedTarget[];
  /** Every tool the scenario's servers can announce (name, description, by server). */
  catalogue: CatalogueEntry[];
  /** Arrival of each model request on the machine's monotonic clock (comparable with journal `mono`). */
  modelRequestMono: number[];
  toolOutputs: ToolOutputSeen[];
  servers: Record<string, ServerObservation>;
  trapHits: TrapHit[];
  /** The names the host's processes looked up (NET-4), or why lookups could not be watched. */
  lookups: LookupsSeen;
  files: FileSeen[];
  /** The server names the host's configuration holds after the run, read by its adapter (CONFIG-2, NET-1). */
  configuredServers: ConfiguredServers;
  /** Processes of the run still alive after the host was gone (STDIO-5); the harness then killed them. */
  leftovers: ProcessInfo[];
  exits: ExitSeen[];
  canaries: Canary[];
  canarySightings: CanarySighting[];
  /** Channels the canary scan could not read in full (checks covering them are "not reached"). */
  canaryGaps: ScanGap[];
  /** One entry per host start, in order. */
  startups: StartupSeen[];
  /** The host's per-call telemetry after the run; null when its adapter keeps none (TELEMETRY-*). */
  telemetry: TelemetrySeen | null;
  /** Faults of the suite itself during the run; any makes every check HARNESS-ERROR. */
  harnessErrors: string[];
}

/**
 * Observations of a run that saw nothing: a scenario not run (the host lacks what it needs), and
 * the base a unit test fills with what its check reads. The one list of every field's empty value.
 */
export function emptyObservations(scenario: string, host: HostTraits): Observations {
  return {
    scenario,
    hostPid: null,
    host,
    screen: { all: '', stdout: '', stderr: '', truncated: false },
    statusLines: [],
    unavailable: [],
    approvals: [],
    unknownGates: [],
    commands: [],
    script: { completed: 0, stoppedAt: null },
    sessionStarts: [],
    modelRequests: [],
    unresolvedTargets: [],
    catalogue: [],
    modelRequestMono: [],
    toolOutputs: [],
    servers: {},
    trapHits: [],
    lookups: { watched: false, reason: 'the scenario did not run' },
    files: [],
    configuredServers: { servers: [] },
    leftovers: [],
    exits: [],
    canaries: [],
    canaryGaps: [],
    canarySightings: [],
    startups: [],
    telemetry: null,
    harnessErrors: [],
  };
}
