// HTTP transport setup for both HTTP flavours: Streamable HTTP (TRANSPORT-1) and the legacy
// HTTP+SSE transport (TRANSPORT-2, `"type": "sse"`). Both send configured static headers only,
// no authProvider so no OAuth discovery or token request is ever made (CRED-1, CRED-6), every
// request (the SSE event stream and its POSTs included) goes through the guarded fetch
// (NET-1..3), and nothing reconnects or resends (UNKNOWN-1). Streamable HTTP is the 2.x
// client's transport, so a 2026-07-28 exchange carries the standard headers (Mcp-Method,
// MCP-Protocol-Version) and no Mcp-Session-Id; a 2025-11-25 one keeps its session.
import { SdkHttpError, SSEClientTransport, SseError, StreamableHTTPClientTransport, type FetchLike, type Transport } from '@modelcontextprotocol/client';
import type { HttpServerConfig } from '../config/schema.js';
import { isMcpLayerError, McpLayerError } from './errors.js';
import { createGuardedFetch } from './guarded-fetch.js';

/** One HTTP server's transport and its shutdown step. */
export interface HttpLink {
  transport: Transport;
  /** Ends the server-side session (Streamable HTTP DELETE; nothing on 2026-07-28, which has none); bounded by the caller. */
  terminate(): Promise<void>;
  /** True for the legacy HTTP+SSE transport, which exists only before 2026-07-28: no server/discover probe. */
  legacyOnly: boolean;
}

export interface HttpLinkOptions {
  /** Replaces the guarded fetch (a faulty-host seam); default createGuardedFetch. */
  fetch?: FetchLike;
  /** Ends the requests in flight when the link dies on its own (oversize, dropped stream). */
  fail: (error: McpLayerError) => void;
}

/** The transport the configuration asks for. */
export function createHttpLink(server: HttpServerConfig, options: HttpLinkOptions): HttpLink {
  if (server.type === 'sse') {
    const transport = new GuardedSseTransport(server.url, server.headers, options);
    return { transport, terminate: () => Promise.resolve(), legacyOnly: true };
  }
  const transport = createHttpTransport(server.url, server.headers, options.fetch ?? createGuardedFetch({ onBodyError: options.fail }));
  return { transport, terminate: () => transport.terminateSession(), legacyOnly: false };
}

// seam: createHttpTransport
export function createHttpTransport(url: string, headers: Record<string, string>, guardedFetch: FetchLike): StreamableHTTPClientTransport {
  return new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { ...headers } },
    fetch: guardedFetch,
    // 'follow' leaves redirects to the fetch, and ours refuses every 3xx (NET-2); the default
    // 'same-origin' would follow a same-origin redirect itself.
    redirectPolicy: 'follow',
    reconnectionOptions: { maxRetries: 0, initialReconnectionDelay: 0, maxReconnectionDelay: 0, reconnectionDelayGrowFactor: 1 },
  });
}

/**
 * Legacy SSE: one GET event stream plus POSTs to the endpoint the stream names. The SDK is
 * given only our fetch (for the stream too), restricted to the configured origin, so an
 * endpoint event naming another origin gets nothing, credentials included. The event
 * stream is opened once: when it ends the link is closed instead of reconnected, since a
 * new stream is a new server session and requests in flight would be lost or re-run.
 */
class GuardedSseTransport extends SSEClientTransport {
  /** Why our fetch refused something during start-up: a clearer status than the SDK's summary. */
  private refusal: McpLayerError | undefined;
  /** Why the event stream's body failed (oversized event, dropped connection). */
  private streamError: McpLayerError | undefined;
  private started = false;

  // seam: GuardedSseTransport.constructor
  constructor(url: string, headers: Record<string, string>, options: HttpLinkOptions) {
    const origin = new URL(url).origin;
    let self: GuardedSseTransport | undefined;
    // Body failures are only noted here: before start the start error reports them, after it
    // the stream's error event does (so one failure is reported once, with the right reason).
    const guarded = options.fetch ?? createGuardedFetch({ capPerEvent: true, onBodyError: (error) => self?.noteStreamError(error) });
    let streams = 0;
    const fetchWithin: FetchLike = async (input, init) => {
      try {
        const target = new URL(String(input));
        if (target.origin !== origin) throw new McpLayerError('url-rule', `the SSE server named an endpoint on another origin (${target.origin}); refused`);
        const isStream = (init?.method ?? 'GET').toUpperCase() === 'GET';
        if (isStream && ++streams > 1) throw new McpLayerError('closed', 'the SSE event stream ended; refhost does not reconnect');
        return await guarded(input, init);
      } catch (error) {
        if (isMcpLayerError(error) && self && !self.started) self.refusal ??= error;
        throw error;
      }
    };
    super(new URL(url), { requestInit: { headers: { ...headers } }, fetch: fetchWithin, redirectPolicy: 'follow' });
    self = this;
    // The SDK Client chains its own handler after this one: once started, a stream failure
    // ends the link for good (before that, start() rejects with the reason).
    this.onerror = (error) => {
      if (!(error instanceof SseError) || !this.started) return;
      options.fail(this.streamError ?? new McpLayerError('closed', 'the SSE event stream ended'));
      void this.close();
    };
  }

  private noteStreamError(error: McpLayerError): void {
    this.streamError ??= error;
  }

  override async start(): Promise<void> {
    try {
      await super.start();
      this.started = true;
    } catch (error) {
      if (this.refusal) throw this.refusal;
      // A stream failure is best named by what our fetch saw; anything else is the SDK's own
      // finding (an endpoint on another origin), kept as the reason even though it closed the link.
      if (error instanceof SseError) throw this.streamError ?? error;
      throw new McpLayerError('protocol', `SSE start-up refused: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

// seam: credentialsRejectedReason
/** CRED-5: the status reason when the server rejects the (static) credentials. */
export function credentialsRejectedReason(status: 401 | 403): string {
  return `credentials rejected (HTTP ${status}); OAuth is not supported, use a static header such as an API key`;
}

// seam: httpErrorStatus
/** The HTTP status of an SDK transport error (either flavour), if it carries one. */
export function httpErrorStatus(error: unknown): number | undefined {
  const code = error instanceof SdkHttpError ? error.status : error instanceof SseError ? error.code : undefined;
  return typeof code === 'number' && code >= 100 ? code : undefined;
}
