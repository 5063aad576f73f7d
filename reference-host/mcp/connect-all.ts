// Start-up of every configured server, in parallel, each under its own connect+discover
// deadline (DISCOVER-1, DISCOVER-2); one bad server never stops the others (DISCOVER-4).
// The tool list is fixed here for the life of the process (DISCOVER-5), and so are the
// resources and prompts, which are read and fetched only for what was listed (RESOURCE-2). Every string that
// leaves has the configured credential values masked (CRED-3).
import { serverDestination } from '../config/destination.js';
import { urlRuleViolation } from '../config/url-rule.js';
import { isHttpServer, type HttpServerConfig, type McpConfig, type ServerConfig } from '../config/schema.js';
import type { FetchLike } from '@modelcontextprotocol/client';
import { describeTool } from './describe.js';
import { discoverExtras, NO_EXTRAS, type ServerExtras } from './discover-extras.js';
import { discoverTools, type DiscoveredTool } from './discovery.js';
import { describeConnectError } from './connect-errors.js';
import { McpLayerError } from './errors.js';
import { createHttpLink, type HttpLink, type HttpLinkOptions } from './http-transport.js';
import { assignExposedNames, exposedNameKey } from './naming.js';
import { configRedactor, type Redactor } from './redact.js';
import { isOfferedUri } from './resources.js';
import { notSentOutcome } from './result-mapping.js';
import { ServerSession, type SessionTransport } from './server-session.js';
import { buildStdioEnv, StdioProcessTransport, type SpawnStdio } from './stdio-transport.js';
import type {
  CallOutcome,
  ConnectOptions,
  McpConnections,
  McpPrompt,
  McpResource,
  McpResourceTemplate,
  McpTool,
  PromptOutcome,
  ServerStatus,
} from './types.js';

export { unknownOutcomeText } from './result-mapping.js';

/** Injection seams for the suite's deliberately faulty hosts only; refhost passes none. */
export interface McpDeps {
  /** Replaces the guarded fetch given to the HTTP transport (default: createGuardedFetch()). */
  fetch?: FetchLike;
  /** Builds an HTTP server's transport, either flavour (default: createHttpLink, TRANSPORT-2). */
  httpLink?: (server: HttpServerConfig, options: HttpLinkOptions) => HttpLink;
  /** Builds a stdio server's environment from its configured variables (default: buildStdioEnv). */
  stdioEnv?: (configured: Record<string, string>) => Record<string, string>;
  /** Starts a stdio server process (default: spawn with STDIO_SPAWN_OPTIONS). */
  spawnStdio?: SpawnStdio;
  /** Runs the per-server connect jobs (default: all at once, DISCOVER-2). */
  runConnects?: <T>(jobs: readonly (() => Promise<T>)[]) => Promise<T[]>;
}

// seam: allAtOnce
const allAtOnce = <T>(jobs: readonly (() => Promise<T>)[]): Promise<T[]> => Promise.all(jobs.map((job) => job()));

/** The server/discover probe waits a third of the connect+discover deadline before a legacy
 *  server is assumed (see ServerSession.connect), leaving two thirds for initialize and the lists. */
const PROBE_SHARE = 3;

/** How long closing waits for an HTTP session DELETE before giving up on it. */
const HTTP_CLOSE_DEADLINE_MS = 1000;

/** The destination shown in status lines and confirmations: the same text `refhost mcp list` shows. */
export const destinationOf = serverDestination;

type ServerResult = { status: ServerStatus; session?: ServerSession; tools: DiscoveredTool[]; extras: ServerExtras };

// seam: connectAll
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
    options.exposure?.names,
  );
  const describe = options.exposure?.describe ?? describeTool;
  const tools: McpTool[] = results.flatMap(({ status, tools: discovered }) =>
    discovered.map((tool) => ({
      server: status.server,
      originalName: tool.name,
      exposedName: names.get(exposedNameKey(status.server, tool.name)) ?? '',
      // A server could echo the credential it was given into its own definitions (CRED-3).
      description: redact(describe(status.server, tool.name, tool.description)),
      serverDescription: redact(tool.description ?? ''),
      parameters: redactSchema(tool.inputSchema, redact),
      destination: status.destination,
    })),
  );
  const byExposedName = new Map(tools.map((t) => [t.exposedName, t]));
  const { resources, resourceTemplates, prompts } = collectExtras(results, redact);
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
    resources,
    resourceTemplates,
    prompts,
    isOfferedResource: (server, uri) => isOfferedUri(resources, resourceTemplates, server, uri),
    async readResource(server: string, uri: string, signal?: AbortSignal): Promise<CallOutcome> {
      // RESOURCE-2: only what this server listed goes to this server, whatever the caller checked.
      const session = sessions.get(server);
      if (!session || !isOfferedUri(resources, resourceTemplates, server, uri)) {
        return notSentOutcome(`MCP server ${server} did not list the resource ${uri}`);
      }
      const outcome = await session.readResource(uri, options.callTimeoutMs, signal);
      return { status: outcome.status, output: redact(outcome.output) };
    },
    async getPrompt(server: string, name: string, args: Record<string, string>, signal?: AbortSignal): Promise<PromptOutcome> {
      const session = sessions.get(server);
      if (!session || !prompts.some((p) => p.server === server && p.name === name)) {
        return { ok: false, error: `MCP server ${server} did not list a prompt named ${name}; nothing was sent.` };
      }
      const outcome = await session.getPrompt(name, args, options.callTimeoutMs, signal);
      return outcome.ok
        ? { ok: true, messages: outcome.messages.map((m) => ({ role: m.role, text: redact(m.text) })) }
        : { ok: false, error: redact(outcome.error) };
    },
    close(): Promise<void> {
      closing ??= Promise.all([...sessions.values()].map((s) => s.close())).then(() => undefined);
      return closing;
    },
  };
}

// seam: connectServer
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
    extras: NO_EXTRAS,
  });
  if (isHttpServer(server)) {
    const violation = urlRuleViolation(server.url);
    if (violation !== null) return unavailable(violation); // NET-1 at start: nothing is sent
  }
  // The transport reports out-of-band failures (an oversized streamed body) to its session.
  const session: ServerSession = new ServerSession(name, () => makeTransport(server, deps, (error) => session.fail(error)), options.serverRequests);

  const deadline = new AbortController();
  const timer = setTimeout(
    () => deadline.abort(new McpLayerError('timeout', `no answer within the ${options.connectTimeoutMs} ms connect and discovery deadline`)),
    options.connectTimeoutMs,
  );
  // Also ends steps that take no signal (the initialized notification, a slow spawn).
  const givenUp = new Promise<never>((_, reject) => deadline.signal.addEventListener('abort', () => reject(deadline.signal.reason)));
  givenUp.catch(() => undefined);
  const work = (async () => {
    await session.connect(deadline.signal, Math.floor(options.connectTimeoutMs / PROBE_SHARE));
    const discovery = await discoverTools((cursor) => session.listPage('tools/list', cursor, deadline.signal));
    return { discovery, extras: discovery.ok ? await discoverExtras(session, deadline.signal) : NO_EXTRAS };
  })();
  work.catch(() => undefined);
  try {
    const { discovery, extras } = await Promise.race([work, givenUp]);
    if (!discovery.ok) {
      await session.close();
      return unavailable(discovery.reason);
    }
    const status: ServerStatus = { server: name, destination, ok: true, toolCount: discovery.tools.length };
    return { status, session, tools: discovery.tools, extras };
  } catch (error) {
    const reason = describeConnectError(deadline.signal.aborted ? deadline.signal.reason : error, session);
    await session.close();
    return unavailable(reason);
  } finally {
    clearTimeout(timer);
  }
}

// seam: makeTransport
function makeTransport(server: ServerConfig, deps: McpDeps, fail: (error: McpLayerError) => void): SessionTransport {
  if (isHttpServer(server)) {
    const link = (deps.httpLink ?? createHttpLink)(server, { ...(deps.fetch && { fetch: deps.fetch }), fail });
    return {
      transport: link.transport,
      closedReason: () => undefined,
      beforeClose: () => withDeadline(link.terminate(), HTTP_CLOSE_DEADLINE_MS),
      opening: link.legacyOnly ? 'initialize' : 'probe-or-initialize',
    };
  }
  const env = deps.stdioEnv ? deps.stdioEnv(server.env) : buildStdioEnv(process.env, server.env);
  const transport = new StdioProcessTransport({ command: server.command, args: server.args, env, ...(deps.spawnStdio && { spawn: deps.spawnStdio }) });
  return { transport, closedReason: () => transport.exitReason, opening: 'probe-in-place' };
}

/**
 * Every server's resources, templates and prompts with the server's name; texts masked
 * (CRED-3). An entry whose URI, template or name contains a credential value is dropped:
 * masking it would make it unreadable, showing it would leak the value.
 */
function collectExtras(
  results: readonly ServerResult[],
  redact: Redactor,
): { resources: readonly McpResource[]; resourceTemplates: readonly McpResourceTemplate[]; prompts: readonly McpPrompt[] } {
  const clean = (text: string): boolean => redact(text) === text;
  const masked = (text: string | undefined): string | undefined => (text === undefined ? undefined : redact(text));
  const each = <T>(pick: (extras: ServerExtras, server: string) => T[]): T[] => results.flatMap((r) => pick(r.extras, r.status.server));
  return {
    resources: Object.freeze(
      each((e, server) =>
        e.resources.filter((r) => clean(r.uri)).map((r) => ({ ...r, server, name: redact(r.name), description: masked(r.description) })),
      ),
    ),
    resourceTemplates: Object.freeze(
      each((e, server) =>
        e.resourceTemplates
          .filter((t) => clean(t.uriTemplate))
          .map((t) => ({ ...t, server, name: redact(t.name), description: masked(t.description) })),
      ),
    ),
    prompts: Object.freeze(
      each((e, server) =>
        e.prompts
          .filter((p) => clean(p.name))
          .map((p) => ({
            ...p,
            server,
            description: masked(p.description),
            arguments: p.arguments.map((a) => ({ ...a, name: redact(a.name), description: masked(a.description) })),
          })),
      ),
    ),
  };
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
