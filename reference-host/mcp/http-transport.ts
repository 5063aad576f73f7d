// Streamable HTTP transport setup: configured static headers only, no authProvider so no
// OAuth discovery or token request is ever made (CRED-1, CRED-6), every request through the
// guarded fetch (NET-1..3), and no SDK reconnection or resend (UNKNOWN-1).
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';

export function createHttpTransport(url: string, headers: Record<string, string>, guardedFetch: FetchLike): StreamableHTTPClientTransport {
  return new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { ...headers } },
    fetch: guardedFetch,
    reconnectionOptions: { maxRetries: 0, initialReconnectionDelay: 0, maxReconnectionDelay: 0, reconnectionDelayGrowFactor: 1 },
  });
}

/** CRED-5: the status reason when the server rejects the (static) credentials. */
export function credentialsRejectedReason(status: 401 | 403): string {
  return `credentials rejected (HTTP ${status}); OAuth is not supported, use a static header such as an API key`;
}

/** The HTTP status of an SDK transport error, if it carries one. */
export function httpErrorStatus(error: unknown): number | undefined {
  return error instanceof StreamableHTTPError && typeof error.code === 'number' && error.code >= 100 ? error.code : undefined;
}
