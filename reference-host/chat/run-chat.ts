// `refhost chat`: start-up, the chat loop and a clean exit. Start-up reads the user's
// configuration (CONFIG-1), connects every server once before the first question
// (DISCOVER-1..3) and prints one status line per server before the banner. Every exit
// path (end of input, /quit, Ctrl-C at the prompt, SIGTERM, a fatal error) awaits
// McpConnections.close(), which stops and reaps stdio process groups (STDIO-5).
import { mcpConfigFile, policyFile, sessionsDir, telemetryFile } from '../config/paths.js';
import { readMcpConfig } from '../config/mcp-config-file.js';
import { secretValues, type McpConfig } from '../config/schema.js';
import { connectAll } from '../mcp/connect-all.js';
import { askDesk, referenceServerRequests, type Elicit, type ServerRequests } from '../mcp/server-requests.js';
import { askUserElicitation } from '../ui/elicitation.js';
import type { ConnectOptions, McpConnections, McpTool } from '../mcp/types.js';
import { latestSessionId, loadSession, openNewSession, reopenSession } from '../sessions/session-store.js';
import { readPolicyFile } from '../policy/policy-file.js';
import { createPolicyGate } from '../policy/policy-gate.js';
import type { Policy } from '../policy/policy-schema.js';
import { openTelemetryLog, type TelemetryRecorder } from '../telemetry/telemetry-log.js';
import { errorLine } from '../ui/screen-text.js';
import { startupNotices } from './startup-notices.js';
import { createScreen, type Screen, type TerminalScreen } from '../ui/screen.js';
import { askUserApproval, type ApprovalPolicy } from './approval.js';
import { chatLoop } from './chat-loop.js';
import { readChatSettings, type ChatSettings } from './chat-settings.js';
import { Conversation, historyFromSession, type SessionSink } from './conversation.js';
import { REFERENCE_DIALECT, type Dialect, type FlagLines } from './dialect.js';
import type { HistoryItem } from './history.js';
import { Interrupts } from './interrupts.js';
import { createOpenAiModelClient, type ModelClient, type ModelSettings } from './model-client.js';
import { createRedactor } from './redaction.js';
import { NO_RESOURCES } from './resource-tool.js';
import { BUILTIN_TOOL_NAMES, buildToolCatalog } from './tool-catalog.js';
import { MAX_TOOL_CALLS_PER_TURN } from './turn-loop.js';

/**
 * Injection seams used ONLY by the suite's deliberately faulty hosts (and tests). The
 * reference host never sets them; no environment variable or flag reaches them.
 */
export interface ChatDeps {
  connect?: (config: McpConfig, options: ConnectOptions) => Promise<McpConnections>;
  createModelClient?: (settings: ModelSettings) => ModelClient;
  approve?: ApprovalPolicy;
  /** Wraps the user-approval policy; gets the screen so a wrapper can show its own confirmation. */
  wrapApprove?: (ask: ApprovalPolicy, screen: Screen, interrupts: Interrupts) => ApprovalPolicy;
  toolCallsPerTurn?: number;
  /** Reads policy.json (POLICY-4: throws on an invalid file, null when there is none). */
  loadPolicy?: (file: string, configuredServers: readonly string[]) => Policy | null;
  /** Opens the telemetry log (TELEMETRY-1..2). */
  openTelemetry?: (file: string) => TelemetryRecorder;
  /** The start-up lines flagging tools (INJECT-3, INJECT-4); default startupNotices. */
  startupNotices?: (tools: readonly McpTool[], env: NodeJS.ProcessEnv, flags: FlagLines) => string[];
  /** How the chat names, words and writes things; default refhost's own (the conforming variants set another). */
  dialect?: Dialect;
  /** What servers may ask of the host (ASK-1..3), given the desk where elicitations reach the user; default referenceServerRequests. */
  serverRequests?: (elicit: Elicit) => ServerRequests;
  /** How an elicitation is answered once the screen exists (ASK-1); default askUserElicitation. */
  elicit?: (screen: Screen, interrupts: Interrupts) => Elicit;
}

/** Where SIGINT and SIGTERM come from; `process` unless a test drives them. */
export interface SignalSource {
  on(event: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
  off(event: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
}

export interface ChatOptions {
  resume?: string;
  continue?: boolean;
  env: NodeJS.ProcessEnv;
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  /** Working directory read_file is confined to; default process.cwd(). */
  cwd?: string;
  signals?: SignalSource;
  deps?: ChatDeps;
}

function userApproval(deps: ChatDeps, screen: Screen, interrupts: Interrupts, dialect: Dialect): ApprovalPolicy {
  const ask = askUserApproval(screen, interrupts, dialect);
  return deps.wrapApprove?.(ask, screen, interrupts) ?? ask;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

interface OpenedSession {
  history: HistoryItem[];
  /** null: nothing is saved (a dialect without sessions). */
  sink: SessionSink | null;
  resumedId: string | null;
}

/** Loads the history for --resume/--continue; the sink appends to the same session. */
function openSession(options: ChatOptions, dir: string, dialect: Dialect): OpenedSession {
  if (!dialect.sessions) return { history: [], sink: null, resumedId: null };
  const id = options.resume ?? (options.continue === true ? latestSessionId(dir) : null);
  if (options.continue === true && id === null) throw new Error(`no saved session to continue in ${dir}`);
  if (id === null) return { history: [], sink: openNewSession(dir), resumedId: null };
  return { history: historyFromSession(loadSession(dir, id).items, dialect.results), sink: reopenSession(dir, id), resumedId: id };
}

// seam: runChat
export async function runChat(options: ChatOptions): Promise<number> {
  const { env, deps = {} } = options;
  const dialect = deps.dialect ?? REFERENCE_DIALECT;
  const signals = options.signals ?? process;
  const plainWrite = (text: string): void => void options.output.write(text);
  let config: McpConfig;
  let settings: ChatSettings;
  let session: OpenedSession;
  let policy: Policy | null;
  let telemetry: TelemetryRecorder;
  try {
    config = readMcpConfig(mcpConfigFile(env));
    // POLICY-4: an invalid policy stops start-up here, before anything is connected.
    policy = (deps.loadPolicy ?? readPolicyFile)(policyFile(env), Object.keys(config.mcpServers));
    settings = readChatSettings(env, { deadlineKnobs: dialect.deadlineKnobs });
    session = openSession(options, sessionsDir(env), dialect);
    telemetry = (deps.openTelemetry ?? openTelemetryLog)(telemetryFile(env));
  } catch (error) {
    plainWrite(errorLine(message(error)));
    return 1;
  }
  const redact = createRedactor([settings.apiKey, ...Object.values(config.mcpServers).flatMap(secretValues)]);
  const interrupts = new Interrupts();
  let fatal = false;
  const onInterrupt = (): void => interrupts.interrupt();
  const onTerminate = (): void => interrupts.terminate();
  const onFatal = (error: unknown): void => {
    if (!fatal) plainWrite(redact(errorLine(`fatal error: ${message(error)}`)));
    fatal = true;
    interrupts.terminate();
  };
  signals.on('SIGINT', onInterrupt);
  signals.on('SIGTERM', onTerminate);
  process.on('uncaughtException', onFatal);
  process.on('unhandledRejection', onFatal);
  let screen: TerminalScreen | null = null;
  let connections: McpConnections | null = null;
  try {
    const connect = deps.connect ?? connectAll;
    const desk = askDesk();
    connections = await connect(config, {
      serverRequests: (deps.serverRequests ?? referenceServerRequests)(desk.elicit),
      connectTimeoutMs: settings.connectTimeoutMs,
      callTimeoutMs: settings.callTimeoutMs,
      builtinNames: BUILTIN_TOOL_NAMES,
      exposure: dialect.exposure,
    });
    screen = createScreen(options.input, options.output, redact);
    desk.open((deps.elicit ?? askUserElicitation)(screen, interrupts));
    for (const status of connections.statuses) screen.write(dialect.screen.statusLine(status));
    for (const line of (deps.startupNotices ?? startupNotices)(connections.tools, env, dialect.screen)) screen.write(line);
    screen.write(dialect.screen.banner);
    if (session.resumedId !== null) screen.write(`Resumed session ${session.resumedId} (${session.history.length} items).\n`);
    await chatLoop({
      model: (deps.createModelClient ?? createOpenAiModelClient)(settings),
      catalog: buildToolCatalog(connections.tools, dialect.builtins.readResource ? connections : NO_RESOURCES, dialect.builtins.readFile),
      connections,
      conversation: new Conversation(session.history, session.sink, redact),
      screen,
      interrupts,
      approve: deps.approve ?? userApproval(deps, screen, interrupts, dialect),
      workDir: options.cwd ?? process.cwd(),
      contextBudgetBytes: settings.contextBudgetBytes,
      toolCallsPerTurn: deps.toolCallsPerTurn ?? MAX_TOOL_CALLS_PER_TURN,
      dialect,
      ...(policy === null ? {} : { policy: createPolicyGate(policy) }),
      telemetry,
    });
  } catch (error) {
    onFatal(error);
  } finally {
    signals.off('SIGINT', onInterrupt);
    signals.off('SIGTERM', onTerminate);
    screen?.close();
    await connections?.close().catch(onFatal);
    telemetry.close();
    process.off('uncaughtException', onFatal);
    process.off('unhandledRejection', onFatal);
  }
  return fatal ? 1 : 0;
}
