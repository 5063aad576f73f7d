// One error class for everything this layer refuses or gives up on, with a string code so
// callers classify failures without matching message text (NET-1..3, RESULT-4..7, STDIO-6).

export type McpLayerErrorCode =
  | 'url-rule' // NET-1: destination refused before anything is sent
  | 'redirect' // NET-2: a 3xx answer, never followed
  | 'oversize' // NET-3: a response or protocol message over 1 MiB
  | 'timeout' // a deadline passed
  | 'closed' // the connection or process ended
  | 'interrupted' // the caller aborted (user interrupt)
  | 'protocol' // bytes that are not JSON-RPC
  | 'spawn'; // the stdio command could not be started

export class McpLayerError extends Error {
  override readonly name = 'McpLayerError';
  constructor(
    readonly code: McpLayerErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function isMcpLayerError(error: unknown, code?: McpLayerErrorCode): error is McpLayerError {
  return error instanceof McpLayerError && (code === undefined || error.code === code);
}

// seam: LIMITS
/** Reference limits from guarantees.md. */
export const LIMITS = {
  messageBytes: 1024 * 1024,
  outputBytes: 64 * 1024,
  pages: 16,
  tools: 128,
  schemaBytes: 16 * 1024,
  definitionBytes: 64 * 1024,
} as const;
