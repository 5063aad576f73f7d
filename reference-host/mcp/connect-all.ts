// Start-up of every configured server, in parallel, each under its own connect+discover
// deadline (DISCOVER-1, DISCOVER-2); one bad server never stops the others (DISCOVER-4).
// The tool list is fixed here for the life of the process (DISCOVER-5). Every string that
// leaves has the configured credential values masked (CRED-3).
import { serverDestination } from '../config/destination.js';
import { urlRuleViolation } from '../config/url-rule.js';
import { isHttpServer, type McpConfig, type ServerConfig } from '../config/schema.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { describeTool } from './describe.js';
import { discoverTools, type DiscoveredTool } from './discovery.js';
import { describeConnectError } from './connect-errors.js';
import { McpLayerError } from './errors.js';
import { createGuardedFetch } from './guarded-fetch.js';
import { createHttpTransport } from './http-transport.js';
import { assignExposedNames, exposedNameKey } from './naming.js';
import { configRedactor, type Redactor } from './redact.js';
import { notSentOutcome } from './result-mapping.js';
import { ServerSession, type SessionTransport } from './server-session.js';
import { buildStdioEnv, StdioProcessTransport, type SpawnStdio } from './stdio-transport.js';
import type { CallOutcome, ConnectOptions, McpConnections, McpTool, ServerStatus } from './types.js';

export { unknownOutcomeText } from './result-mapping.js';

/** Injection seams for the suite's deliberately faulty hosts only; refhost passes none. */
export interface McpDeps {
  /** Replaces the guarded fetch given to the HTTP transport (default: createGuardedFetch()). */
  fetch?: FetchLike;
  /** Builds a stdio server's environment from its configured variables (default: buildStdioEnv). */
  stdioEnv?: (configured: Record<string, string>) => Record<string, string>;
  /** Starts a stdio server process (default: spawn with STDIO_SPAWN_OPTIONS). */
  spawnStdio?: SpawnStdio;
  /** Runs the per-server connect jobs (default: all at once, DISCOVER-2). */
  runConnects?: <T>(jobs: readonly (() => Promise<T>)[]) => Promise<T[]>;
}

const allAtOnce = <T>(jobs: readonly (() => Promise<T>)[]): Promise<T[]> => Promise.all(jobs.map((job) => job()));

/** How long closing waits for an HTTP session DELETE before giving up on it. */
const HTTP_CLOSE_DEADLINE_MS = 1000;

/** The destination shown in status lines and confirmations: the same text `refhost mcp list` shows. */
export const destinationOf = serverDestination;

type ServerResult = { status: ServerStatus; session?: ServerSession; tools: DiscoveredTool[] };

export async function connectAll(config: McpConfig, options: ConnectOptions, deps: McpDeps = {}): Promise<McpConnections> {
  const redact = configRedactor(config);
  const results = await (deps.runConnects ?? allAtOnce)(
    Object.entries(config.mcpServers).map(([name, server]) => () => connectServer(name, server, options, deps, redact)),
  );
  const sessions = new Map<string, ServerSession>();
  for (const result of results) if (result.session) sessions.set(result.status.server, result.session);

  const names = assignExposedNames(
    results.flatMap((r) => r.tools.map((t) => ({ server: r.status.server, tool: t.name }))),
    options.builtinNames,
  );
  const tools: McpTool[] = results.flatMap(({ status, tools: discovered }) =>
    discovered.map((tool) => ({
      server: status.server,
      originalName: tool.name,
      exposedName: names.get(exposedNameKey(status.server, tool.name)) ?? '',
      // A server could echo the credential it was given into its own definitions (CRED-3).
      description: redact(describeTool(status.server, tool.name, tool.description)),
      parameters: redactSchema(tool.inputSchema, redact),
      destination: status.destination,
    })),
  );
  const byExposedName = new Map(tools.map((t) => [t.exposedName, t]));
  let closing: Promise<void> | undefined;

  return {
    tools: Object.freeze(tools),
    statuses: Object.freeze(results.map((r) => r.status)),
    async call(requested: McpTool, args: Record<string, unknown>, signal?: AbortSignal): Promise<CallOutcome> {
      // Our own record decides where the call goes, never fields of the caller's copy.
      const tool = byExposedName.get(requested.exposedName);
      const session = tool && sessions.get(tool.server);
      if (!tool || !session) return notSentOutcome(`${requested.exposedName} is not an MCP tool offered by this host`);
      const outcome = await session.callTool(tool.originalName, args, options.callTimeoutMs, signal);
      return { status: outcome.status, output: redact(outcome.output) };
    },
    close(): Promise<void> {
      closing ??= Promise.all([...sessions.values()].map((s) => s.close())).then(() => undefined);
      return closing;
    },
  };
}

async function connectServer(
  name: string,
  server: ServerConfig,
  options: ConnectOptions,
  deps: McpDeps,
  redact: Redactor,
): Promise<ServerResult> {
  const destination = redact(destinationOf(server));
  const unavailable = (reason: string): ServerResult => ({
    status: { server: name, destination, ok: false, reason: redact(reason) },
    tools: [],
  });
  if (isHttpServer(server)) {
    const violation = urlRuleViolation(server.url);
    if (violation !== null) return unavailable(violation); // NET-1 at start: nothing is sent
  }
  // The transport reports out-of-band failures (an oversized streamed body) to its session.
  const session: ServerSession = new ServerSession(name, makeTransport(server, deps, (error) => session.fail(error)));

  const deadline = new AbortController();
  const timer = setTimeout(
    () => deadline.abort(new McpLayerError('timeout', `no answer within the ${options.connectTimeoutMs} ms connect and discovery deadline`)),
    options.connectTimeoutMs,
  );
  // Also ends steps that take no signal (the initialized notification, a slow spawn).
  const givenUp = new Promise<never>((_, reject) => deadline.signal.addEventListener('abort', () => reject(deadline.signal.reason)));
  givenUp.catch(() => undefined);
  const work = (async () => {
    await session.connect(deadline.signal);
    return discoverTools((cursor) => session.listToolsPage(cursor, deadline.signal));
  })();
  work.catch(() => undefined);
  try {
    const discovery = await Promise.race([work, givenUp]);
    if (!discovery.ok) {
      await session.close();
      return unavailable(discovery.reason);
    }
    const status: ServerStatus = { server: name, destination, ok: true, toolCount: discovery.tools.length };
    return { status, session, tools: discovery.tools };
  } catch (error) {
    const reason = describeConnectError(deadline.signal.aborted ? deadline.signal.reason : error, session);
    await session.close();
    return unavailable(reason);
  } finally {
    clearTimeout(timer);
  }
}

function makeTransport(server: ServerConfig, deps: McpDeps, fail: (error: McpLayerError) => void): SessionTransport {
  if (isHttpServer(server)) {
    const transport = createHttpTransport(server.url, server.headers, deps.fetch ?? createGuardedFetch({ onBodyError: fail }));
    return {
      transport,
      closedReason: () => undefined,
      beforeClose: () => withDeadline(transport.terminateSession(), HTTP_CLOSE_DEADLINE_MS),
    };
  }
  const env = deps.stdioEnv ? deps.stdioEnv(server.env) : buildStdioEnv(process.env, server.env);
  const transport = new StdioProcessTransport({ command: server.command, args: server.args, env, ...(deps.spawnStdio && { spawn: deps.spawnStdio }) });
  return { transport, closedReason: () => transport.exitReason };
}

/** The schema as the server sent it (EXPOSE-4), unless it contains a credential value. */
function redactSchema(schema: Record<string, unknown>, redact: Redactor): Record<string, unknown> {
  const text = JSON.stringify(schema);
  const masked = redact(text);
  return masked === text ? schema : (JSON.parse(masked) as Record<string, unknown>);
}

async function withDeadline(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  try {
    await Promise.race([promise.catch(() => undefined), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
