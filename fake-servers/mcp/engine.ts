// The one behaviour engine behind every fake MCP transport: an SDK Server whose request
// handlers act out a ServerBehaviour (DISCOVER-4/5, RESULT-1..8, UNKNOWN-1, STDIO-6,
// RESOURCE-*, PROMPT-1, INJECT-4). State (call counts, the list_changed switch, initialize
// counts for rug pulls) lives in the engine, so stateless HTTP (a Server per request) and
// sessions (a Server per session) share it. Each request is first planned (which stage,
// which fault, which call number); HTTP routes plan before the SDK sees the request, so
// faults that must answer on the raw HTTP response can do so (acts.ts, http-answers.ts).
// Revision 2026-07-28 (issue 16) is served by an SDK 2.4.0 Server on the same handlers
// (modern-server.ts); its opening request, server/discover, is the 'initialize' stage.
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
  type RequestId,
  type ServerCapabilities,
} from '@modelcontextprotocol/sdk/types.js';
import { actOut, type Plan, type PlannedRequest, type RequestContext, type TransportHooks } from './acts.js';

// The plan of a request is acted out in acts.ts, which owns its shape.
export type { Plan, PlannedRequest };
import { getPrompt, paddedResult, promptList, readResource, resourceList, resourceTemplateList, toolResult } from './answers.js';
import type { ServerBehaviour } from './behaviour.js';
import { faultsOf, isFault } from './behaviour-fit.js';
import type { Stage } from './fault-schema.js';
import type { JournalWriter } from './journal.js';
import { JournaledTransport } from './journaled-transport.js';
import { withModernFields } from './modern-result.js';
import { envelopeRevision, LEGACY_REVISION, MODERN_REVISION, offersLegacy, offersModern } from './protocol-revision.js';
import { askAndReport, modernAsk } from './server-asks.js';
import { SizeError } from './stamped-text.js';
import { catalogueOf, initialCatalogue, outcomeOfCall, pageIndex, pageOf, toolPage } from './tool-catalogue.js';

export type { TransportHooks } from './acts.js';

type Result = Record<string, unknown>;

/** An SDK request handler acting out the engine's plan for the request. */
export type StagedHandler = (req: { method: string; params?: unknown }, ctx: RequestContext) => Promise<Result>;

export interface BehaviourEngine {
  readonly behaviour: ServerBehaviour;
  readonly journal: JournalWriter;
  readonly capabilities: ServerCapabilities;
  readonly serverInfo: { name: string; version: string };
  /** The handler an SDK Server (either major version) registers for every staged method. */
  staged(hooks: TransportHooks, planned: Map<RequestId, Plan>): StagedHandler;
  /** Handlers of the methods without stages (prompts/get) by method. */
  unstaged(): Record<string, (params: Record<string, unknown>) => Result>;
  /** Plans a request; a tools/call takes its call number here, so plan each request once. */
  plan(request: PlannedRequest): Plan;
  /** The JSON-RPC message the plan gets without its fault (a 'sized' fault: padded to its size). */
  answerOf(plan: Plan): Promise<Result>;
  /** Connects a new SDK Server (sharing this engine's state) to `transport`, journaled. Requests
   *  an HTTP route planned already are found in `planned` by id; the others are planned here.
   *  `journaled`: the transport journals already (serveStdio's wire, modern-server.ts). */
  connect(transport: Transport, hooks: TransportHooks, planned?: Map<RequestId, Plan>, journaled?: boolean): Promise<Server>;
}

/** The stage of each staged method: server/discover opens a 2026-07-28 exchange as initialize
 *  opens a 2025-11-25 one, so an opening fault acts on whichever the host sends. */
const STAGE_OF: Record<string, Stage> = {
  initialize: 'initialize',
  'server/discover': 'initialize',
  'tools/list': 'tools/list',
  'resources/list': 'resources/list',
  'resources/templates/list': 'resources/templates/list',
  'prompts/list': 'prompts/list',
  'tools/call': 'tools/call',
  'resources/read': 'resources/read',
};

export const rpcError = (code: number, message: string, data?: unknown): Error =>
  Object.assign(new Error(message), { code, ...(data !== undefined && { data }) });

export function createBehaviourEngine(behaviour: ServerBehaviour, journal: JournalWriter): BehaviourEngine {
  let tools = initialCatalogue(behaviour);
  const changedTools = catalogueOf(behaviour.listChanged?.tools ?? [], 'behaviour.listChanged.tools');
  const rugPullTools = catalogueOf(behaviour.rugPull?.tools ?? [], 'behaviour.rugPull.tools');
  let callsTotal = 0;
  let listSwitched = false;
  let initializes = 0;
  let clientCapabilities: Record<string, unknown> | undefined;
  /** The last opening was a server/discover refused by the outage: an initialize next is the same start's fallback. */
  let discoverRefused = false;
  const callsPerTool = new Map<string, number>();
  const busy = faultsOf(behaviour).some(({ fault }) => fault.kind === 'progress-forever');
  const capabilities: ServerCapabilities = {
    tools: { listChanged: behaviour.listChanged !== undefined },
    ...((behaviour.resources || behaviour.resourceTemplates) && { resources: {} }),
    ...(behaviour.prompts && { prompts: {} }),
    // notifications/message (the busy fault's log lines) needs the logging capability.
    ...(busy && { logging: {} }),
  };
  const serverInfo = { name: behaviour.name ?? 'fake-mcp', version: behaviour.version ?? '1.0.0' };

  function plan(request: PlannedRequest): Plan {
    const { method } = request;
    // Without 2026-07-28 server/discover is an unknown method, as on any 2025-11-25 server.
    const stage = method === 'server/discover' && !offersModern(behaviour.protocol) ? undefined : STAGE_OF[method];
    if (method === 'resources/read') {
      return { request, stage, fault: behaviour.resources?.find((r) => r.uri === request.params?.uri)?.fault };
    }
    if (method !== 'tools/call') {
      const fault = stage === undefined || stage === 'tools/call' || stage === 'resources/read' ? undefined : behaviour.stages?.[stage];
      const onPage = fault?.page === undefined || fault.page === pageIndex(request.params?.cursor as string | undefined);
      return { request, stage, fault: onPage ? fault : undefined };
    }
    const name = String(request.params?.name);
    const tool = tools.find((t) => t.wire.name === name);
    if (!tool) return { request, stage, fault: undefined };
    // A 2026-07-28 re-send carrying inputResponses continues the call that asked (UNKNOWN-1):
    // it gets that call's outcome and is no new call.
    const continuing = request.params?.inputResponses !== undefined && callsPerTool.has(name);
    const index = continuing ? (callsPerTool.get(name) ?? 1) - 1 : (callsPerTool.get(name) ?? 0);
    if (!continuing) {
      callsPerTool.set(name, index + 1);
      callsTotal++;
    }
    const switchList = behaviour.listChanged !== undefined && !listSwitched && callsTotal >= (behaviour.listChanged.afterCalls ?? 1);
    const outcome = outcomeOfCall(tool.spec, index);
    const fault = isFault(outcome) ? outcome : undefined;
    return { request, stage, fault, call: { tool, outcome, switchList } };
  }

  /**
   * A host start opening (initialize or server/discover): the rug pull counts these. A
   * dual-era host whose server/discover the outage refused falls back to initialize in the
   * same start: that initialize is no new start, and the outage refuses it too.
   */
  function opening(via: 'initialize' | 'server/discover'): void {
    const fallback = via === 'initialize' && discoverRefused;
    discoverRefused = false;
    if (!fallback) {
      // A rug pull: the tools change between one host start (one opening) and the next.
      initializes++;
      if (behaviour.rugPull && initializes > behaviour.rugPull.afterInitializes && tools !== rugPullTools) {
        journal.record({ kind: 'fault', what: 'rug-pull' });
        tools = rugPullTools;
      }
    }
    if (behaviour.rugPull?.outageAtInitialize === initializes) {
      discoverRefused = via === 'server/discover';
      throw rpcError(-32603, 'fake server: temporarily unavailable (outage)');
    }
  }

  function discoverResult(): Result {
    opening('server/discover');
    return {
      supportedVersions: [MODERN_REVISION, ...(offersLegacy(behaviour.protocol) ? [LEGACY_REVISION] : [])],
      capabilities,
      ...(behaviour.instructions !== undefined && { instructions: behaviour.instructions }),
    };
  }

  function initializeResult(params: Record<string, unknown> | undefined): Result {
    opening('initialize');
    clientCapabilities = params?.capabilities as Record<string, unknown> | undefined;
    const requested = String(params?.protocolVersion);
    return {
      protocolVersion: SUPPORTED_PROTOCOL_VERSIONS.includes(requested) ? requested : LATEST_PROTOCOL_VERSION,
      capabilities,
      serverInfo,
      ...(behaviour.instructions !== undefined && { instructions: behaviour.instructions }),
    };
  }

  /** Page `cursor` of the list under `key` of `whole`, split over behaviour.extrasList.pages. */
  function extrasPage(whole: Result, key: string, cursor: unknown): Result {
    const page = pageOf((whole as Record<string, unknown[]>)[key] ?? [], behaviour.extrasList?.pages ?? 1, cursor as string | undefined);
    if (!page) throw rpcError(-32602, `Invalid cursor: ${String(cursor)}`);
    return { [key]: page.items, ...(page.nextCursor === undefined ? {} : { nextCursor: page.nextCursor }) } as Result;
  }

  /** The normal result of a planned request (its fault aside). */
  function normalResult(p: Plan): Result {
    const { method, params } = p.request;
    switch (method) {
      case 'initialize':
        return initializeResult(params);
      case 'server/discover':
        return discoverResult();
      case 'tools/list': {
        const page = toolPage(tools, behaviour.toolsList?.pages ?? 1, params?.cursor as string | undefined);
        if (!page) throw rpcError(-32602, `Invalid cursor: ${String(params?.cursor)}`);
        return page;
      }
      case 'resources/list':
        return extrasPage(resourceList(behaviour), 'resources', params?.cursor);
      case 'resources/templates/list':
        return extrasPage(resourceTemplateList(behaviour), 'resourceTemplates', params?.cursor);
      case 'prompts/list':
        return extrasPage(promptList(behaviour), 'prompts', params?.cursor);
      case 'resources/read': {
        const found = readResource(behaviour, String(params?.uri));
        if (!found) throw rpcError(-32002, `Resource not found: ${String(params?.uri)}`);
        return found;
      }
      case 'tools/call': {
        if (!p.call) throw rpcError(-32602, `Unknown tool: ${String(params?.name)}`);
        return toolResult(p.call.outcome, (params?.arguments ?? {}) as Record<string, unknown>) as Result;
      }
      default:
        throw rpcError(-32601, `Method not found: ${method}`);
    }
  }

  /** The normal result, padded when the fault is 'sized'; a 2026-07-28 request's with that revision's fields. */
  function resultOf(p: Plan): Result {
    const { method } = p.request;
    const modern = envelopeRevision(p.request as unknown as Record<string, unknown>) !== undefined;
    const decorate = (r: Result): Result =>
      modern ? withModernFields(method, r, serverInfo, method === 'tools/list' ? behaviour.toolsList?.ttlMs : undefined) : r;
    const result = normalResult(p);
    if (p.fault?.kind !== 'sized' || p.fault.pad === 'blank-lines') return decorate(result); // blank lines pad the framed message
    try {
      return paddedResult(method, p.request.id, result, p.fault.bytes, p.fault.fill ?? 'ascii', decorate);
    } catch (error) {
      if (error instanceof SizeError) throw rpcError(-32603, `fake server: sized answer: ${error.message}`);
      throw error;
    }
  }

  async function answerOf(p: Plan): Promise<Result> {
    const { id } = p.request;
    try {
      return { jsonrpc: '2.0', id, result: resultOf(p) };
    } catch (error) {
      const { code, message, data } = error as { code?: number; message: string; data?: unknown };
      return { jsonrpc: '2.0', id, error: { code: code ?? -32603, message, ...(data !== undefined && { data }) } };
    }
  }

  /** A call whose server asks first: a request on the call's stream (2025-11-25), an input_required round trip (2026-07-28). */
  async function asked(p: Plan, ctx: RequestContext): Promise<Result> {
    const outcome = p.call?.outcome;
    if (outcome?.kind !== 'ask') throw rpcError(-32603, 'fake server: not an asking call');
    if (envelopeRevision(p.request as unknown as Record<string, unknown>) === undefined) return askAndReport(outcome, ctx, clientCapabilities, journal);
    const result = modernAsk(outcome, p.request.params ?? {}, journal);
    return { ...withModernFields('tools/call', result, serverInfo, undefined), ...(result.resultType !== undefined && { resultType: result.resultType }) };
  }

  let askedWhileListing = false;

  async function handle(p: Plan, ctx: RequestContext, hooks: TransportHooks): Promise<Result> {
    const askFirst = behaviour.toolsList?.askFirst;
    if (
      askFirst !== undefined &&
      p.request.method === 'tools/list' &&
      !askedWhileListing &&
      envelopeRevision(p.request as unknown as Record<string, unknown>) === undefined
    ) {
      askedWhileListing = true;
      // The host's answer is journaled like every message; the list is answered whatever it was.
      await askAndReport({ ask: askFirst, evenUndeclared: true }, ctx, clientCapabilities, journal);
    }
    try {
      return await actOut(p, ctx, hooks, { journal, resultOf, answerOf, asked });
    } finally {
      if (p.call?.switchList && !listSwitched) {
        listSwitched = true;
        tools = changedTools;
        // Sent on the call's own stream, before its answer: works in every transport mode.
        await ctx.sendNotification({ method: 'notifications/tools/list_changed' }).catch(() => undefined);
      }
    }
  }

  function staged(hooks: TransportHooks, planned: Map<RequestId, Plan>): StagedHandler {
    return (req, ctx) => {
      const found = planned.get(ctx.requestId);
      planned.delete(ctx.requestId);
      const p = found ?? plan({ id: ctx.requestId, method: req.method, params: req.params as Record<string, unknown> | undefined });
      return handle(p, ctx, hooks);
    };
  }

  /** The methods answered without stages (prompts/get), for either SDK's Server. */
  function unstaged(): Record<string, (params: Record<string, unknown>) => Result> {
    return {
      ...(capabilities.prompts && {
        'prompts/get': ({ name, arguments: args }) => {
          const failing = behaviour.prompts?.find((p) => p.name === String(name))?.error;
          if (failing !== undefined) throw rpcError(-32603, failing);
          const found = getPrompt(behaviour, String(name), (args ?? {}) as Record<string, string>);
          if (!found) throw rpcError(-32602, `Unknown prompt: ${String(name)}`);
          return found as Result;
        },
      }),
    };
  }

  function newServer(hooks: TransportHooks, planned: Map<RequestId, Plan>): Server {
    const server = new Server(serverInfo, { capabilities, ...(behaviour.instructions !== undefined && { instructions: behaviour.instructions }) });
    const handler = staged(hooks, planned);
    // Replaces the SDK's own initialize handler so initialize can be delayed, refused or ignored.
    server.setRequestHandler(InitializeRequestSchema, handler as never);
    server.setRequestHandler(ListToolsRequestSchema, handler as never);
    server.setRequestHandler(CallToolRequestSchema, handler as never);
    if (capabilities.resources) {
      server.setRequestHandler(ListResourcesRequestSchema, handler as never);
      server.setRequestHandler(ListResourceTemplatesRequestSchema, handler as never);
      server.setRequestHandler(ReadResourceRequestSchema, handler as never);
    }
    if (capabilities.prompts) server.setRequestHandler(ListPromptsRequestSchema, handler as never);
    const reads = unstaged();
    if (reads['prompts/get']) server.setRequestHandler(GetPromptRequestSchema, (req) => reads['prompts/get']!(req.params) as never);
    return server;
  }

  return {
    behaviour,
    journal,
    capabilities,
    serverInfo,
    staged,
    unstaged,
    plan,
    answerOf,
    async connect(transport, hooks, planned = new Map(), journaled = false) {
      const server = newServer(hooks, planned);
      await server.connect(journaled ? transport : new JournaledTransport(transport, journal));
      return server;
    },
  };
}
