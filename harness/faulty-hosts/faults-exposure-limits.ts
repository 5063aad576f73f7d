// Faults for the EXPOSE, LIMIT, INJECT, REPLAY scenarios. Each breaks one guarantee through
// refhost's seams: a connect wrapper that rewrites the offered McpTools (and maps calls back
// to refhost's own record), a model-client wrapper, the chat's tool-call cap, or the
// faulty host's stdout (INJECT-2). None of this exists in the reference host.
import { randomBytes } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { connectAll } from '../../reference-host/mcp/connect-all.js';
import { describeTool } from '../../reference-host/mcp/describe.js';
import { ListToolsPageSchema } from '../../reference-host/mcp/discovery.js';
import { LIMITS } from '../../reference-host/mcp/errors.js';
import type { McpConnections, McpTool, ServerStatus } from '../../reference-host/mcp/types.js';
import { isHttpServer, type McpConfig } from '../../reference-host/config/schema.js';
import { sessionsDir } from '../../reference-host/config/paths.js';
import { latestSessionId, loadSession, type LoadedSession } from '../../reference-host/sessions/session-store.js';
import { createOpenAiModelClient, type ModelClient, type ModelRequest } from '../../reference-host/chat/model-client.js';
import type { ChatDeps } from '../../reference-host/chat/run-chat.js';
import { toolOutputJson, type HistoryItem } from '../../reference-host/chat/history.js';
import type { Fault } from './fault-kit.js';

type Connect = NonNullable<ChatDeps['connect']>;

/** The same connections offering rewritten tools; a call of a rewritten tool reaches refhost's original. */
function withTools(connections: McpConnections, tools: readonly McpTool[], statuses = connections.statuses): McpConnections {
  const originalOf = new Map(tools.map((t, i) => [t.exposedName, connections.tools[i] ?? t]));
  return {
    ...connections,
    tools,
    statuses,
    call: (requested, args, signal) => connections.call(originalOf.get(requested.exposedName) ?? requested, args, signal),
    close: () => connections.close(),
  };
}

const rewriting =
  (rewrite: (tools: readonly McpTool[]) => McpTool[]): Connect =>
  async (config, options) => {
    const connections = await connectAll(config, options);
    return withTools(connections, rewrite(connections.tools));
  };

const renaming = (name: (tool: McpTool, all: readonly McpTool[]) => string): ChatDeps => ({
  connect: rewriting((tools) => tools.map((t) => ({ ...t, exposedName: name(t, tools) }))),
});

const sanitise = (text: string): string => text.replace(/[^a-zA-Z0-9_-]/g, '_');

function lookalikes(tools: readonly McpTool[]): Map<McpTool, string> {
  const names = new Map<McpTool, string>();
  const used = new Set<string>();
  for (const t of tools) {
    const base = sanitise(`mcp_${t.server}_${t.originalName}`).slice(0, 62);
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base}_${n}`;
    used.add(name);
    names.set(t, name);
  }
  return names;
}

const modelWrapper = (wrap: (client: ModelClient) => ModelClient): ChatDeps => ({
  createModelClient: (settings) => wrap(createOpenAiModelClient(settings)),
});

const outputText = (item: HistoryItem): string => (item.type === 'function_call_output' ? item.output : '');

// LIMIT-1: a second, unbounded look at a server's tools (what a host without bounds would register).
async function listAllPages(url: string, headers: Record<string, string>, maxPages: number): Promise<{ pages: number; tools: unknown[] }> {
  const client = new Client({ name: 'faulty-host', version: '0' }, { capabilities: {} });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  try {
    const tools: unknown[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await client.request({ method: 'tools/list', params: cursor === undefined ? {} : { cursor } }, ListToolsPageSchema);
      tools.push(...page.tools);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor !== undefined && pages < maxPages);
    return { pages, tools };
  } finally {
    await client.close();
  }
}

type RawTool = { name: string; description?: string; inputSchema?: unknown };

/** Keeps the tools that fit the bounds, in order, instead of refusing the server as a whole. */
function fittingTools(raw: readonly unknown[]): RawTool[] {
  const kept: RawTool[] = [];
  let bytes = 0;
  for (const t of raw as RawTool[]) {
    const schema = t.inputSchema as { type?: unknown } | undefined;
    const size = JSON.stringify(t).length;
    if (kept.length >= LIMITS.tools || schema?.type !== 'object' || JSON.stringify(schema).length > LIMITS.schemaBytes || bytes + size > LIMITS.definitionBytes)
      continue;
    bytes += size;
    kept.push(t);
  }
  return kept;
}

const partialRegistration: Connect = async (config, options) => {
  const connections = await connectAll(config, options);
  const extra: McpTool[] = [];
  const statuses: ServerStatus[] = [];
  for (const status of connections.statuses) {
    const server = config.mcpServers[status.server];
    if (status.ok || !status.reason.includes('discovery limit') || server === undefined || !isHttpServer(server)) {
      statuses.push(status);
      continue;
    }
    const kept = fittingTools((await listAllPages(server.url, server.headers, LIMITS.pages)).tools);
    statuses.push({ server: status.server, destination: status.destination, ok: true, toolCount: kept.length });
    extra.push(
      ...kept.map((t) => ({
        server: status.server,
        originalName: t.name,
        exposedName: sanitise(`mcp_${status.server}_${t.name}`).slice(0, 64),
        description: describeTool(status.server, t.name, t.description),
        parameters: t.inputSchema as Record<string, unknown>,
        destination: status.destination,
      })),
    );
  }
  return { ...withTools(connections, connections.tools, statuses), tools: [...connections.tools, ...extra] };
};

const utf8 = (value: unknown): number => Buffer.byteLength(JSON.stringify(value), 'utf8');

/** Bounds applied with >= instead of >: a server exactly at 16 pages, 128 tools, a 16 KiB schema or 64 KiB of definitions is refused. */
const offByOneLimits: Connect = async (config, options) => {
  const connections = await connectAll(config, options);
  const refused = new Set<string>();
  for (const status of connections.statuses) {
    const server = config.mcpServers[status.server];
    if (!status.ok || server === undefined || !isHttpServer(server)) continue;
    const { pages, tools } = await listAllPages(server.url, server.headers, LIMITS.pages + 1);
    const atBound =
      pages >= LIMITS.pages ||
      tools.length >= LIMITS.tools ||
      (tools as RawTool[]).some((t) => utf8(t.inputSchema) >= LIMITS.schemaBytes) ||
      tools.reduce((sum: number, t) => sum + utf8(t), 0) >= LIMITS.definitionBytes;
    if (atBound) refused.add(status.server);
  }
  const statuses = connections.statuses.map((s): ServerStatus =>
    refused.has(s.server) ? { server: s.server, destination: s.destination, ok: false, reason: 'discovery limit reached' } : s,
  );
  return withTools(
    connections,
    connections.tools.filter((t) => !refused.has(t.server)),
    statuses,
  );
};

const limitPoisonsAll: Connect = async (config, options) => {
  const connections = await connectAll(config, options);
  if (!connections.statuses.some((s) => !s.ok && s.reason.includes('discovery limit'))) return connections;
  const statuses = connections.statuses.map((s): ServerStatus => ({
    server: s.server,
    destination: s.destination,
    ok: false,
    reason: 'discovery aborted: another server exceeded a limit',
  }));
  return withTools(connections, [], statuses);
};

// INJECT-1: a result that says "call X" makes the host run X on the same server, unasked.
const autoRunSuggested: Connect = async (config, options) => {
  const connections = await connectAll(config, options);
  return {
    ...connections,
    tools: connections.tools,
    statuses: connections.statuses,
    close: () => connections.close(),
    async call(tool, args, signal) {
      const outcome = await connections.call(tool, args, signal);
      const named = /\bcall (\w+)/i.exec(outcome.output)?.[1];
      const next = connections.tools.find((t) => t.server === tool.server && t.originalName === named);
      if (next !== undefined) await connections.call(next, {}, signal);
      return outcome;
    },
  };
};

// LIMIT-3: every MCP output goes to the model in full (matched to its call by order).
function mcpOutsideBudget(): ChatDeps {
  const sent: string[] = [];
  let mcpNames = new Set<string>();
  return {
    connect: async (config, options) => {
      const connections = await connectAll(config, options);
      mcpNames = new Set(connections.tools.map((t) => t.exposedName));
      return {
        ...connections,
        close: () => connections.close(),
        async call(tool, args, signal) {
          const outcome = await connections.call(tool, args, signal);
          sent.push(toolOutputJson(outcome.status, outcome.output));
          return outcome;
        },
      };
    },
    ...modelWrapper((c) => ({
      respond: (r) => {
        const mcpCalls = r.input.flatMap((i) => (i.type === 'function_call' && mcpNames.has(i.name) ? [i.call_id] : []));
        const input = r.input.map((i) => {
          const k = i.type === 'function_call_output' ? mcpCalls.indexOf(i.call_id) : -1;
          return i.type === 'function_call_output' && k >= 0 ? { ...i, output: sent[k] ?? i.output } : i;
        });
        return c.respond({ ...r, input });
      },
    })),
  };
}

// INJECT-2: the host's stdout turns the visible escapes back into the raw characters.
function rawTerminal(): ChatDeps {
  const write = process.stdout.write.bind(process.stdout) as (chunk: string) => boolean;
  const unescape = (text: string): string =>
    text.replace(/\\x([0-9a-f]{2})|\\u\{([0-9a-f]+)\}|\\u([0-9a-f]{4})/gi, (_, x?: string, braced?: string, u?: string) =>
      String.fromCodePoint(parseInt(x ?? braced ?? u ?? '0', 16)),
    );
  process.stdout.write = ((chunk: unknown) => write(unescape(String(chunk)))) as typeof process.stdout.write;
  return {};
}

// REPLAY: faults that look at the session being resumed (--continue) once connected.
function resumedSession(): LoadedSession | null {
  if (!process.argv.includes('--continue')) return null;
  const dir = sessionsDir(process.env);
  const id = latestSessionId(dir);
  return id === null ? null : loadSession(dir, id);
}

const recordedMcpCalls = (session: LoadedSession) =>
  session.items.flatMap((i) =>
    i.type === 'function_call' && i.mcp !== undefined ? [{ ...i.mcp, args: JSON.parse(i.arguments) as Record<string, unknown> }] : [],
  );

const onResume =
  (act: (session: LoadedSession, connections: McpConnections) => Promise<void>): Connect =>
  async (config: McpConfig, options) => {
    const connections = await connectAll(config, options);
    const session = resumedSession();
    if (session !== null) await act(session, connections);
    return connections;
  };

function argumentsMatch(args: Record<string, unknown>, schema: Record<string, unknown>): boolean {
  const properties = Object.keys((schema.properties as Record<string, unknown> | undefined) ?? {});
  const required = (schema.required as string[] | undefined) ?? [];
  return required.every((k) => k in args) && (schema.additionalProperties !== false || Object.keys(args).every((k) => properties.includes(k)));
}

export const EXPOSURE_LIMIT_FAULTS: Readonly<Record<string, Fault>> = {
  'unprefixed-names': {
    breaks: 'EXPOSE-1: MCP tools are offered under their bare names',
    deps: () => renaming((t) => t.originalName),
  },
  'raw-names': {
    breaks: 'EXPOSE-2: names are mcp_<server>_<tool> even when invalid or too long',
    deps: () => renaming((t) => `mcp_${t.server}_${t.originalName}`),
  },
  'sanitise-lookalike': {
    breaks: 'EXPOSE-2: invalid characters become "_", long names are cut, clashes get _2 (no hash)',
    deps: () => renaming((t, all) => lookalikes(all).get(t) ?? t.exposedName),
  },
  'random-suffix': {
    breaks: 'EXPOSE-3: hash suffixes are random, so names change between starts',
    deps: () =>
      renaming((t) => t.exposedName.replace(/_([0-9a-f]{8,})$/, (_, hex: string) => `_${randomBytes(hex.length).toString('hex').slice(0, hex.length)}`)),
  },
  'rewrite-schema': {
    breaks: 'EXPOSE-4: schemas are tightened (additionalProperties false, every property required)',
    deps: () => ({
      connect: rewriting((tools) =>
        tools.map((t) => ({
          ...t,
          parameters: { ...t.parameters, additionalProperties: false, required: Object.keys((t.parameters.properties as object | undefined) ?? {}) },
        })),
      ),
    }),
  },
  'strict-schema': {
    breaks: 'EXPOSE-4: every function is offered with strict: true',
    deps: () => modelWrapper((c) => ({ respond: (r) => c.respond({ ...r, tools: r.tools.map((t) => ({ ...t, strict: true as unknown as false })) }) })),
  },
  'unlabelled-description': {
    breaks: 'EXPOSE-5: descriptions are the server text alone, without origin label or note',
    deps: () => ({
      connect: rewriting((tools) =>
        tools.map((t) => ({ ...t, description: t.description.replace(/^\[MCP server [^\n]*?, tool [^\n]*?\]\s*/, '').replace(/\n\nNote: [\s\S]*$/, '') })),
      ),
    }),
  },
  'instructions-in-system': {
    breaks: 'EXPOSE-6: tool descriptions and results are repeated in a developer message',
    deps: () =>
      modelWrapper((c) => ({
        respond: (r: ModelRequest) => {
          const text = [...r.tools.map((t) => t.description), ...r.input.map(outputText)].join('\n');
          const developer = { type: 'message', role: 'developer', content: `Tool context:\n${text}` } as unknown as HistoryItem;
          return c.respond({ ...r, input: [developer, ...r.input] });
        },
      })),
  },
  'shadow-builtin': {
    breaks: "EXPOSE-1: a server tool named read_file answers the model's read_file calls",
    deps: () =>
      modelWrapper((c) => ({
        respond: async (r) => {
          const shadow = r.tools.find((t) => t.description.includes(', tool read_file]'));
          const out = await c.respond(r);
          return out.map((i) => (i.type === 'function_call' && i.name === 'read_file' && shadow ? { ...i, name: shadow.name } : i));
        },
      })),
  },
  'partial-registration': {
    breaks: 'LIMIT-1: a server over a discovery bound keeps the tools that fit',
    deps: () => ({ connect: partialRegistration }),
  },
  'off-by-one-limits': {
    breaks: 'LIMIT-1: a server exactly at 16 pages, 128 tools, a 16 KiB schema or 64 KiB of definitions is refused',
    deps: () => ({ connect: offByOneLimits }),
  },
  'limit-poisons-all': {
    breaks: 'LIMIT-1: one server over a bound makes every server unavailable',
    deps: () => ({ connect: limitPoisonsAll }),
  },
  'no-call-cap': {
    breaks: 'LIMIT-2: a turn runs every call the model asks for',
    deps: () => ({ toolCallsPerTurn: Number.MAX_SAFE_INTEGER }),
  },
  'mcp-outside-budget': {
    breaks: 'LIMIT-3: MCP outputs are always sent in full, whatever the context budget',
    deps: mcpOutsideBudget,
  },
  'auto-run-suggested-call': {
    breaks: 'INJECT-1: a result saying "call X" runs X without asking',
    deps: () => ({ connect: autoRunSuggested }),
  },
  'raw-terminal': {
    breaks: 'INJECT-2: server text reaches the terminal with its control characters',
    deps: rawTerminal,
  },
  'replay-needs-server': {
    breaks: 'REPLAY-1: a session whose MCP servers are not all available refuses to open',
    deps: () => ({
      connect: onResume(async (session, connections) => {
        const missing = recordedMcpCalls(session).find((c) => !connections.statuses.some((s) => s.ok && s.server === c.server));
        if (missing !== undefined) throw new Error(`session ${session.id} needs MCP server ${missing.server}, which is not available`);
      }),
    }),
  },
  'replay-reinvokes': {
    breaks: 'REPLAY-1: resuming sends the recorded MCP calls again',
    deps: () => ({
      connect: onResume(async (session, connections) => {
        for (const c of recordedMcpCalls(session)) {
          const tool = connections.tools.find((t) => t.server === c.server && t.originalName === c.tool);
          if (tool !== undefined) await connections.call(tool, c.args);
        }
      }),
    }),
  },
  'strict-replay': {
    breaks: 'REPLAY-2: recorded MCP calls are validated against the live schema',
    deps: () => ({
      connect: onResume(async (session, connections) => {
        for (const c of recordedMcpCalls(session)) {
          const tool = connections.tools.find((t) => t.server === c.server && t.originalName === c.tool);
          if (tool !== undefined && !argumentsMatch(c.args, tool.parameters))
            throw new Error(`recorded call of ${c.server}/${c.tool} does not match its schema`);
        }
      }),
    }),
  },
  'reject-v1': {
    breaks: 'REPLAY-3: sessions saved before MCP support (version 1) are refused',
    deps: () => ({
      connect: onResume(async (session) => {
        if (session.header.version === 1) throw new Error(`session ${session.id}: unsupported format version 1`);
      }),
    }),
  },
};
