// The only way this layer speaks HTTP. Every request re-checks the URL rule (NET-1), any
// 3xx is refused and never followed so its target receives nothing (NET-2), and every
// response body is capped while it streams (NET-3). A legacy SSE event stream lives as long
// as the connection and carries every answer, so there the cap applies per event.
import type { FetchLike } from '@modelcontextprotocol/client';
import { urlRuleViolation } from '../config/url-rule.js';
import { LIMITS, McpLayerError } from './errors.js';

export interface GuardedFetchOptions {
  /** The fetch that actually goes out (a faulty-host seam; default global fetch). */
  baseFetch?: FetchLike;
  maxBodyBytes?: number;
  /** Told when a response body fails after the headers arrived (oversize or dropped), so
   *  requests waiting on a streamed answer are ended instead of hanging to their deadline. */
  onBodyError?: (error: McpLayerError) => void;
  /** Caps each event of a text/event-stream body rather than the whole body (legacy SSE stream). */
  capPerEvent?: boolean;
}

export function oversizeError(limit: number): McpLayerError {
  return new McpLayerError('oversize', `response larger than the ${formatBytes(limit)} message limit`);
}

// seam: createGuardedFetch
export function createGuardedFetch(options: GuardedFetchOptions = {}): FetchLike {
  const baseFetch = options.baseFetch ?? fetch;
  const limit = options.maxBodyBytes ?? LIMITS.messageBytes;
  return async (input, init) => {
    const url = String(input);
    const violation = urlRuleViolation(url);
    if (violation !== null) throw new McpLayerError('url-rule', violation);
    const response = await baseFetch(input, { ...init, redirect: 'manual' });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => undefined);
      throw new McpLayerError('redirect', `HTTP ${response.status} redirect refused; redirects are never followed`);
    }
    const declared = Number(response.headers.get('content-length') ?? '');
    if (Number.isFinite(declared) && declared > limit) {
      await response.body?.cancel().catch(() => undefined);
      throw oversizeError(limit);
    }
    if (response.body === null) return response;
    const perEvent = options.capPerEvent === true && (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
    // A read that fails because our side aborted (the SDK closing after an error answer) is no
    // dropped connection: reporting it would replace the server's real answer as the reason.
    const body = capStream(response.body, limit, perEvent, (error) => init?.signal?.aborted !== true && options.onBodyError?.(error));
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/** Passes chunks through and errors the stream as soon as more than `limit` bytes arrived
 *  (since the last event boundary, a blank line, when `perEvent`). */
function capStream(
  source: ReadableStream<Uint8Array>,
  limit: number,
  perEvent: boolean,
  report: (error: McpLayerError) => void,
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  const counter = perEvent ? eventByteCounter() : wholeByteCounter();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch {
        const error = new McpLayerError('closed', 'connection dropped while reading the response');
        report(error);
        controller.error(error);
        return;
      }
      if (chunk.done) {
        controller.close();
        return;
      }
      if (counter(chunk.value) > limit) {
        const error = oversizeError(limit);
        reader.cancel().catch(() => undefined);
        report(error);
        controller.error(error);
        return;
      }
      controller.enqueue(chunk.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

type ByteCounter = (chunk: Uint8Array) => number;

// seam: wholeByteCounter
function wholeByteCounter(): ByteCounter {
  let count = 0;
  return (chunk) => (count += chunk.byteLength);
}

// seam: eventByteCounter
/** The largest event in this chunk so far: bytes since the last blank line (LF, optional CR,
 *  LF), counted across chunk borders, so an event ending inside the chunk is still weighed. */
function eventByteCounter(): ByteCounter {
  let count = 0;
  let lineStart = false; // the previous byte ended a line (LF, possibly then CR)
  return (chunk) => {
    let largest = count;
    for (const byte of chunk) {
      count++;
      largest = Math.max(largest, count);
      if (byte === 0x0a) {
        if (lineStart) count = 0;
        lineStart = true;
      } else if (byte !== 0x0d) lineStart = false;
    }
    return largest;
  };
}

export function formatBytes(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}
