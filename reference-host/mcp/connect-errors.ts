// DISCOVER-3/4, CRED-5: a short status reason for a server that could not be connected or
// listed. Server-written text is cut short; the chat side neutralises it for the screen.
import { ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { isMcpLayerError } from './errors.js';
import { credentialsRejectedReason, httpErrorStatus } from './http-transport.js';
import { serverMessage, type ServerSession } from './server-session.js';

const MAX_REASON_CHARS = 200;

export function describeConnectError(error: unknown, session: ServerSession): string {
  return cut(reasonFor(probeCause(error), session));
}

/** A failed server/discover probe wraps what went wrong (our fetch's refusal, a refused
 *  connection); that cause names it best. */
function probeCause(error: unknown): unknown {
  const cause = error instanceof SdkError && error.code === SdkErrorCode.EraNegotiationFailed ? (error as { cause?: unknown }).cause : undefined;
  return cause ?? error;
}

// seam: reasonFor
function reasonFor(error: unknown, session: ServerSession): string {
  const status = httpErrorStatus(error);
  if (status === 401 || status === 403) return credentialsRejectedReason(status);
  // The server refused initialize after it had refused server/discover: its answer to the
  // probe is the real reason (a 2026-07-28-only server refuses initialize as a revision).
  const refusal = session.probeRefusal();
  if (refusal !== undefined && (status !== undefined || error instanceof ProtocolError)) {
    return `the server answered server/discover with an error: ${refusal.message} (code ${refusal.code})`;
  }
  if (status !== undefined) return `the server answered HTTP ${status}`;
  if (isMcpLayerError(error)) return error.message;
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  if (error instanceof TypeError && typeof cause?.code === 'string') return `connection failed (${cause.code})`;
  // The SDK closes the transport on any initialize failure, so "closed" alone proves nothing
  // (the 2.x client reports it as an SdkError, never as the server's answer).
  if (error instanceof ProtocolError) {
    return `the server answered with an error: ${serverMessage(error)}`;
  }
  if (session.isClosed) return `${session.closedReason()} before discovery finished`;
  return `connection failed: ${error instanceof Error ? error.message : String(error)}`;
}

function cut(text: string): string {
  return text.length > MAX_REASON_CHARS ? `${text.slice(0, MAX_REASON_CHARS)}…` : text;
}
