// One connected MCP server: the SDK Client over a transport, with failures classified.
// Every request runs under a signal that this session can abort when the transport reports
// a failure tied to no single request (an oversized line, a dropped stream), so a waiting
// call ends as unknown instead of hanging to its deadline (RESULT-5, RESULT-6). A call is
// sent once; nothing here retries (UNKNOWN-1). Server instructions are never read (EXPOSE-6).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { isMcpLayerError, McpLayerError } from './errors.js';
import { CallResultSchema, failedOutcome, mapCallResult, notSentOutcome, unknownOutcome } from './result-mapping.js';
import type { CallOutcome } from './types.js';

/** Results are checked by our own code (discovery, result mapping), which names what is wrong. */
const AnyResultSchema = z.looseObject({});

/** The SDK's own request timer is kept out of the way; our deadlines decide (they fire first). */
const SDK_TIMEOUT_SLACK_MS = 60_000;

export interface SessionTransport {
  transport: Transport;
  /** Why the connection went away on its own, when the transport knows (stdio exit code). */
  closedReason(): string | undefined;
  /** Extra shutdown work before the transport closes (HTTP session DELETE), bounded by the caller. */
  beforeClose?(): Promise<void>;
}

export class ServerSession {
  private readonly client = new Client({ name: 'refhost', version: '0.1.0' }, { capabilities: {} });
  private failures = new AbortController();
  private closed = false;
  private closing: Promise<void> | undefined;

  constructor(
    readonly server: string,
    private readonly link: SessionTransport,
  ) {
    this.client.onclose = () => {
      this.closed = true;
    };
    this.client.onerror = (error) => {
      // Non-JSON lines are skipped (STDIO-6); an oversized message ends what is waiting.
      if (isMcpLayerError(error, 'oversize') || isMcpLayerError(error, 'closed')) this.fail(error);
    };
  }

  /** Ends every request in flight with `error` (called by transports for out-of-band failures). */
  fail(error: McpLayerError): void {
    const current = this.failures;
    this.failures = new AbortController();
    current.abort(error);
  }

  /** initialize + initialized under `signal` (the connect+discover deadline). */
  async connect(signal: AbortSignal): Promise<void> {
    await this.guarded(signal, (combined) =>
      this.client.connect(this.link.transport, { signal: combined, timeout: SDK_TIMEOUT_SLACK_MS }),
    );
  }

  async listToolsPage(cursor: string | undefined, signal: AbortSignal): Promise<unknown> {
    return this.guarded(signal, (combined) =>
      this.client.request({ method: 'tools/list', params: cursor === undefined ? {} : { cursor } }, AnyResultSchema, {
        signal: combined,
        timeout: SDK_TIMEOUT_SLACK_MS,
      }),
    );
  }

  /** Sends one tools/call and maps whatever happens into a CallOutcome; never throws. */
  async callTool(name: string, args: Record<string, unknown>, timeoutMs: number, userSignal?: AbortSignal): Promise<CallOutcome> {
    if (this.closed || this.closing) return notSentOutcome(`The connection to MCP server ${this.server} is closed`);
    if (userSignal?.aborted) return notSentOutcome('The call was cancelled before it was sent');
    const call = new AbortController();
    const timer = setTimeout(() => call.abort(new McpLayerError('timeout', `No answer within ${timeoutMs} ms after sending`)), timeoutMs);
    const onUser = (): void => call.abort(new McpLayerError('interrupted', 'The call was interrupted by the user after it was sent'));
    userSignal?.addEventListener('abort', onUser, { once: true });
    const signal = this.withFailures(call.signal);
    try {
      // client.request rather than callTool: the same request, minus the SDK's output-schema
      // check, which would turn a real result into an exception.
      const raw = await this.client.request({ method: 'tools/call', params: { name, arguments: args } }, CallResultSchema, {
        signal,
        timeout: timeoutMs + SDK_TIMEOUT_SLACK_MS,
      });
      return mapCallResult(raw);
    } catch (error) {
      return this.classifyCallError(error, signal);
    } finally {
      clearTimeout(timer);
      userSignal?.removeEventListener('abort', onUser);
    }
  }

  private classifyCallError(error: unknown, signal: AbortSignal): CallOutcome {
    if (signal.aborted) return unknownOutcome(reasonText(signal.reason));
    if (isMcpLayerError(error)) return unknownOutcome(causeText(error.message));
    if (this.closed) return unknownOutcome(causeText(this.closedReason()));
    if (error instanceof McpError) return failedOutcome(serverMessage(error));
    return unknownOutcome(causeText(`The request failed: ${error instanceof Error ? error.message : String(error)}`));
  }

  closedReason(): string {
    return this.link.closedReason() ?? 'the connection closed';
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Idempotent; for stdio this stops and reaps the process group. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      await this.link.beforeClose?.().catch(() => undefined);
      await this.client.close().catch(() => undefined);
      await this.link.transport.close().catch(() => undefined);
    })();
    return this.closing;
  }

  /** Runs `run` under `signal` + failures; when that signal ended it, its reason is thrown. */
  private async guarded<T>(signal: AbortSignal, run: (combined: AbortSignal) => Promise<T>): Promise<T> {
    const combined = this.withFailures(signal);
    try {
      return await run(combined);
    } catch (error) {
      throw combined.aborted ? combined.reason : error;
    }
  }

  /** `signal`, also aborted by fail() — the failure controller current when the request starts. */
  private withFailures(signal: AbortSignal): AbortSignal {
    return AbortSignal.any([signal, this.failures.signal]);
  }
}

/** The message a JSON-RPC error carried, without the SDK's "MCP error N: " prefix. */
export function serverMessage(error: McpError): string {
  const text = error.message.replace(/^MCP error -?\d+: /, '');
  return `${text} (code ${error.code})`;
}

function reasonText(reason: unknown): string {
  return causeText(reason instanceof Error ? reason.message : String(reason));
}

function causeText(text: string): string {
  const trimmed = text.replace(/\.$/, '');
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}
