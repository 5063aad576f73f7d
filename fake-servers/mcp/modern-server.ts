// The SDK 2.4.0 Server behind a fake's 2026-07-28 requests (issue 16; DISCOVER-1/2/5 on the
// stateless revision). Its handlers are the engine's, so every stage fault acts out on the
// revision the host picks. Why not the whole engine on 2.4.0 yet: the 2025-11-25 paths keep
// SDK 1.32's sessionful Streamable HTTP and the legacy SSE transport (v2 serves neither: its
// HTTP legacy path is stateless only, its SSE is a frozen v1 copy), and their raw-HTTP faults
// are tuned to them. So the serving entries route per request or connection: serveStdio and
// createMcpHandler decide the era, 2026-07-28 reaches this Server, 2025-11-25 the 1.32 one.
import { Server as ModernServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { TransportHooks } from './acts.js';
import type { BehaviourEngine, Plan } from './engine.js';
import { LEGACY_REVISION, MODERN_REVISION, offersLegacy } from './protocol-revision.js';

type Ctx = {
  mcpReq: {
    id: RequestId;
    signal: AbortSignal;
    envelope?: Record<string, unknown>;
    /** A retried call's answers to its input requests (ASK-1..3), lifted out of params by the SDK. */
    inputResponses?: Record<string, unknown>;
    notify(n: { method: string; params?: Record<string, unknown> }): Promise<void>;
  };
};

/** The request as it came on the wire: the SDK lifts the envelope keys out of `_meta` and a retry's input responses out of params. */
function asSent(req: { method: string; params?: unknown }, ctx: Ctx): { method: string; params: Record<string, unknown> } {
  const params = (req.params ?? {}) as Record<string, unknown>;
  const { inputResponses } = ctx.mcpReq;
  return {
    method: req.method,
    params: {
      ...params,
      ...(inputResponses !== undefined && { inputResponses }),
      _meta: { ...(params._meta as object | undefined), ...ctx.mcpReq.envelope },
    },
  };
}

/** A 2.4.0 Server answering the staged methods (and server/discover) through `engine`. */
export function modernServer(engine: BehaviourEngine, hooks: TransportHooks, planned: Map<RequestId, Plan>): ModernServer {
  const { behaviour, capabilities, serverInfo } = engine;
  const server = new ModernServer(serverInfo, {
    capabilities: capabilities as never,
    supportedProtocolVersions: [MODERN_REVISION, LEGACY_REVISION],
    ...(behaviour.instructions !== undefined && { instructions: behaviour.instructions }),
  });
  const staged = engine.staged(hooks, planned);
  const handler = (req: { method: string; params?: unknown }, ctx: Ctx) =>
    staged(asSent(req, ctx), { requestId: ctx.mcpReq.id, signal: ctx.mcpReq.signal, sendNotification: (n) => ctx.mcpReq.notify(n) });
  const set = server.setRequestHandler.bind(server) as (method: string, handler: unknown) => void;
  const methods = ['server/discover', 'tools/list', 'tools/call'];
  if (capabilities.resources) methods.push('resources/list', 'resources/templates/list', 'resources/read');
  if (capabilities.prompts) methods.push('prompts/list');
  for (const method of methods) set(method, handler);
  for (const [method, read] of Object.entries(engine.unstaged())) set(method, (req: { params: Record<string, unknown> }) => read(req.params));
  // The serving entries install the SDK's own server/discover handler once the factory
  // returns; the fake answers discover itself (its opening faults act there), so that one
  // registration is ignored.
  (server as { setRequestHandler: unknown }).setRequestHandler = (method: string, h: unknown) => (method === 'server/discover' ? undefined : set(method, h));
  // A misbehaving fake (an ask with evenUndeclared, ASK-1..3) asks a host that declared nothing;
  // the SDK's gate would turn that input_required result into -32021 before it reached the wire.
  const asksUndeclared = (behaviour.tools ?? []).some((t) => t.outcome?.kind === 'ask' && t.outcome.evenUndeclared === true);
  if (asksUndeclared)
    (server as unknown as { _inputRequestCapabilityView: () => unknown })._inputRequestCapabilityView = () => ({
      elicitation: { form: {}, url: {} },
      sampling: {},
      roots: {},
    });
  return server;
}

/**
 * Serves a stdio-shaped `wire` (already journaled) on the revisions the behaviour offers:
 * serveStdio decides the era from the opening message; a 2026-07-28 opening gets the 2.4.0
 * Server above, a 2025-11-25 one (initialize) the engine's 1.32 Server.
 */
export function serveStreamBothEras(engine: BehaviourEngine, wire: Transport, hooks: TransportHooks): void {
  serveStdio(
    (({ era }: { era: 'modern' | 'legacy' }) => {
      if (era === 'modern') return modernServer(engine, hooks, new Map());
      let legacy: { close(): Promise<void> } | undefined;
      return {
        connect: async (channel: Transport) => void (legacy = await engine.connect(channel, hooks, new Map(), true)),
        close: async () => legacy?.close(),
      };
    }) as never,
    { transport: wire as never, legacy: offersLegacy(engine.behaviour.protocol) ? 'serve' : 'reject' },
  );
}
