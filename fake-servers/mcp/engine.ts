// The one behaviour engine behind every fake MCP transport: an SDK Server whose request
// handlers act out a ServerBehaviour (DISCOVER-4/5, RESULT-1..8, UNKNOWN-1, STDIO-6,
// RESOURCE-*, PROMPT-1, INJECT-4). State (call counts, the list_changed switch, initialize
// counts for rug pulls) lives in the engine,
// so stateless HTTP (a Server per request) and sessions (a Server per session) share it.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  GetPromptRequestSchema,
  InitializeRequestSchema,
  LATEST_PROTOCOL_VERSION,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  type CallToolResult,
  type RequestId,
  type ServerCapabilities,
} from '@modelcontextprotocol/sdk/types.js';
import type { ServerBehaviour, ToolOutcome } from './behaviour.js';
import type { JournalWriter } from './journal.js';
import { JournaledTransport } from './journaled-transport.js';
import { filler, initialTools, outcomeOfCall, toolPage } from './tool-catalogue.js';

/** Misbehaviour only the transport can act out; each transport supplies what it can. */
export interface TransportFaults {
  /** HTTP: destroy the connection that carries this request. */
  drop?(requestId: RequestId): void;
  /** stdio: end the process now. */
  exit?(code: number): void;
  /** stdio: write bytes on the protocol channel, outside any message. */
  writeRaw?(data: string): void;
}

export interface BehaviourEngine {
  /** Connects a new SDK Server (sharing this engine's state) to `transport`, journaled. */
  connect(transport: Transport, faults: TransportFaults): Promise<Server>;
}

interface RequestContext {
  signal: AbortSignal;
  requestId: RequestId;
  sendNotification(notification: { method: 'notifications/tools/list_changed' }): Promise<void>;
}

export function createBehaviourEngine(behaviour: ServerBehaviour, journal: JournalWriter): BehaviourEngine {
  let tools = initialTools(behaviour);
  let callsTotal = 0;
  let listSwitched = false;
  let initializes = 0;
  const callsPerTool = new Map<string, number>();
  const capabilities: ServerCapabilities = {
    tools: { listChanged: behaviour.listChanged !== undefined },
    ...((behaviour.resources || behaviour.resourceTemplates) && { resources: {} }),
    ...(behaviour.prompts && { prompts: {} }),
  };

  async function initialize(requestedVersion: string, signal: AbortSignal) {
    const init = behaviour.initialize ?? { kind: 'answer' };
    if (init.kind === 'never') {
      journal.record({ kind: 'fault', what: 'initialize-never' });
      return untilAborted(signal);
    }
    await pause(init.delayMs, signal);
    if (init.kind === 'error') throw rpcError(init.code, init.message);
    // A rug pull: the tools change between one host start (one initialize) and the next.
    initializes++;
    if (behaviour.rugPull && initializes > behaviour.rugPull.afterInitializes) {
      if (tools !== behaviour.rugPull.tools) journal.record({ kind: 'fault', what: 'rug-pull' });
      tools = behaviour.rugPull.tools;
    }
    return {
      protocolVersion: SUPPORTED_PROTOCOL_VERSIONS.includes(requestedVersion) ? requestedVersion : LATEST_PROTOCOL_VERSION,
      capabilities,
      serverInfo: { name: behaviour.name ?? 'fake-mcp', version: behaviour.version ?? '1.0.0' },
      ...(behaviour.instructions !== undefined && { instructions: behaviour.instructions }),
    };
  }

  function listTools(cursor: string | undefined) {
    const page = toolPage(tools, behaviour.toolsList?.pages ?? 1, cursor);
    if (!page) throw rpcError(-32602, `Invalid cursor: ${cursor}`);
    const padBytes = behaviour.toolsList?.padBytes;
    return cursor === undefined && padBytes !== undefined ? { ...page, _meta: { padding: filler(padBytes) } } : page;
  }

  async function callTool(name: string, args: Record<string, unknown>, ctx: RequestContext, faults: TransportFaults): Promise<CallToolResult> {
    const tool = tools.find((t) => t.name === name);
    if (!tool) throw rpcError(-32602, `Unknown tool: ${name}`);
    const index = callsPerTool.get(name) ?? 0;
    callsPerTool.set(name, index + 1);
    callsTotal++;
    const switchList = behaviour.listChanged !== undefined && !listSwitched && callsTotal >= (behaviour.listChanged.afterCalls ?? 1);
    try {
      return await actOut(outcomeOfCall(tool, index), args, ctx, faults);
    } finally {
      if (switchList && behaviour.listChanged) {
        listSwitched = true;
        tools = behaviour.listChanged.tools;
        // Sent on the call's own stream, before its answer: works in every transport mode.
        await ctx.sendNotification({ method: 'notifications/tools/list_changed' });
      }
    }
  }

  async function actOut(outcome: ToolOutcome, args: Record<string, unknown>, ctx: RequestContext, faults: TransportFaults): Promise<CallToolResult> {
    if (outcome.kind === 'never') {
      journal.record({ kind: 'fault', what: 'tool-never' });
      return untilAborted(ctx.signal);
    }
    await pause(outcome.delayMs, ctx.signal);
    switch (outcome.kind) {
      case 'content':
        return {
          content: outcome.content,
          ...(outcome.structuredContent !== undefined && { structuredContent: outcome.structuredContent }),
          ...(outcome.isError !== undefined && { isError: outcome.isError }),
        } as CallToolResult;
      case 'echo':
        return { content: [{ type: 'text', text: JSON.stringify(args) }] };
      case 'sized-text':
        return { content: [{ type: 'text', text: filler(outcome.bytes) }] };
      case 'jsonrpc-error':
        throw rpcError(outcome.code, outcome.message, outcome.data);
      case 'drop':
        journal.record({ kind: 'fault', what: 'drop' });
        required(faults.drop, 'drop')(ctx.requestId);
        return untilAborted(ctx.signal);
      case 'exit':
        journal.record({ kind: 'fault', what: 'exit', detail: String(outcome.code ?? 1) });
        required(faults.exit, 'exit')(outcome.code ?? 1);
        return untilAborted(ctx.signal);
      case 'stdout-garbage':
        journal.record({ kind: 'fault', what: 'stdout-garbage' });
        required(faults.writeRaw, 'stdout-garbage')(outcome.data ?? 'this line is not JSON-RPC\n');
        if (outcome.thenText === undefined) return untilAborted(ctx.signal);
        return { content: [{ type: 'text', text: outcome.thenText }] };
    }
  }

  function newServer(faults: TransportFaults): Server {
    const server = new Server(
      { name: behaviour.name ?? 'fake-mcp', version: behaviour.version ?? '1.0.0' },
      { capabilities, ...(behaviour.instructions !== undefined && { instructions: behaviour.instructions }) },
    );
    // Replaces the SDK's own initialize handler so initialize can be delayed, refused or ignored.
    server.setRequestHandler(InitializeRequestSchema, (req, extra) => initialize(req.params.protocolVersion, extra.signal));
    server.setRequestHandler(ListToolsRequestSchema, (req) => listTools(req.params?.cursor));
    server.setRequestHandler(CallToolRequestSchema, (req, extra) => callTool(req.params.name, req.params.arguments ?? {}, extra, faults));
    if (capabilities.resources) registerResources(server, behaviour);
    if (capabilities.prompts) registerPrompts(server, behaviour);
    return server;
  }

  return {
    async connect(transport, faults) {
      const server = newServer(faults);
      await server.connect(new JournaledTransport(transport, journal));
      return server;
    },
  };
}

function registerResources(server: Server, behaviour: ServerBehaviour): void {
  const resources = behaviour.resources ?? [];
  const templates = behaviour.resourceTemplates ?? [];
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: resources.map(({ text: _text, blob: _blob, ...meta }) => meta),
  }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: templates }));
  server.setRequestHandler(ReadResourceRequestSchema, (req) => {
    const { uri } = req.params;
    const resource = resources.find((r) => r.uri === uri);
    const mime = (mimeType: string | undefined) => (mimeType === undefined ? {} : { mimeType });
    if (resource) {
      const body = resource.blob !== undefined ? { blob: resource.blob } : { text: resource.text ?? '' };
      return { contents: [{ uri, ...mime(resource.mimeType), ...body }] };
    }
    const template = templates.find((t) => templateMatches(t.uriTemplate, uri));
    if (template) return { contents: [{ uri, ...mime(template.mimeType), text: `${template.name}: ${uri}` }] };
    throw rpcError(-32002, `Resource not found: ${uri}`);
  });
}

function registerPrompts(server: Server, behaviour: ServerBehaviour): void {
  const prompts = behaviour.prompts ?? [];
  server.setRequestHandler(ListPromptsRequestSchema, () => ({
    prompts: prompts.map(({ messages: _messages, ...meta }) => meta),
  }));
  server.setRequestHandler(GetPromptRequestSchema, (req) => {
    const prompt = prompts.find((p) => p.name === req.params.name);
    if (!prompt) throw rpcError(-32602, `Unknown prompt: ${req.params.name}`);
    const args = req.params.arguments ?? {};
    return {
      ...(prompt.description !== undefined && { description: prompt.description }),
      messages: prompt.messages.map((m) => ({
        role: m.role,
        content: { type: 'text' as const, text: m.text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => args[name] ?? whole) },
      })),
    };
  });
}

function templateMatches(template: string, uri: string): boolean {
  const pattern = template
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${pattern}$`).test(uri);
}

/** An error the SDK sends as a JSON-RPC error with exactly this code and message. */
function rpcError(code: number, message: string, data?: unknown): Error {
  return Object.assign(new Error(message), { code, ...(data !== undefined && { data }) });
}

function required<T>(fault: T | undefined, name: string): T {
  if (!fault) throw rpcError(-32603, `fake server: outcome "${name}" is not possible on this transport`);
  return fault;
}

function pause(ms: number | undefined, signal: AbortSignal): Promise<void> {
  if (!ms) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });
}

/** Never settles unless the connection closes (then the SDK sends nothing anyway). */
function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

