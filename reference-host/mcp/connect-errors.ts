// DISCOVER-3/4, CRED-5: a short status reason for a server that could not be connected or
// listed. Server-written text is cut short; the chat side neutralises it for the screen.
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { isMcpLayerError } from './errors.js';
import { credentialsRejectedReason, httpErrorStatus } from './http-transport.js';
import { serverMessage, type ServerSession } from './server-session.js';

const MAX_REASON_CHARS = 200;

export function describeConnectError(error: unknown, session: ServerSession): string {
  return cut(reasonFor(error, session));
}

function reasonFor(error: unknown, session: ServerSession): string {
  const status = httpErrorStatus(error);
  if (status === 401 || status === 403) return credentialsRejectedReason(status);
  if (status !== undefined) return `the server answered HTTP ${status}`;
  if (isMcpLayerError(error)) return error.message;
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  if (error instanceof TypeError && typeof cause?.code === 'string') return `connection failed (${cause.code})`;
  // The SDK closes the transport on any initialize failure, so "closed" alone proves nothing.
  if (error instanceof McpError && !(session.isClosed && error.code === ErrorCode.ConnectionClosed)) {
    return `the server answered with an error: ${serverMessage(error)}`;
  }
  if (session.isClosed) return `${session.closedReason()} before discovery finished`;
  return `connection failed: ${error instanceof Error ? error.message : String(error)}`;
}

function cut(text: string): string {
  return text.length > MAX_REASON_CHARS ? `${text.slice(0, MAX_REASON_CHARS)}…` : text;
}
