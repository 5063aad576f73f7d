// One connected MCP server: the SDK Client over a transport, with failures classified.
// Every request runs under a signal that this session can abort when the transport reports
// a failure tied to no single request (an oversized line, a dropped stream), so a waiting
// call (tools/call, resources/read, prompts/get) ends as unknown instead of hanging to its deadline (RESULT-5, RESULT-6). A call is
// sent once; nothing here retries (UNKNOWN-1). Server instructions are never read (EXPOSE-6).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { McpError, type ServerCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { isMcpLayerError, McpLayerError } from './errors.js';
import { mapPromptResult } from './prompts.js';
import { mapReadResult } from './resources.js';
import { CallResultSchema, failedOutcome, mapCallResult, notSentOutcome, unknownOutcome } from './result-mapping.js';
import type { ServerRequests } from './server-requests.js';
import type { CallOutcome, PromptOutcome } from './types.js';

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
  private readonly client: Client;
  private failures = new AbortController();
  private closed = false;
  private closing: Promise<void> | undefined;

  constructor(
    readonly server: string,
    private readonly link: SessionTransport,
    requests?: ServerRequests,
  ) {
    // ASK-1..3: what a server may ask of this host while a call waits (server-requests.ts).
    this.client = new Client({ name: 'refhost', version: '0.1.0' }, { capabilities: requests?.capabilities ?? {} });
    requests?.register(this.client, server);
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

  /** One page of a list request (tools/list, resources/list, ...) under `signal`. */
  async listPage(method: string, cursor: string | undefined, signal: AbortSignal): Promise<unknown> {
    return this.guarded(signal, (combined) =>
      this.client.request({ method, params: cursor === undefined ? {} : { cursor } }, AnyResultSchema, {
        signal: combined,
        timeout: SDK_TIMEOUT_SLACK_MS,
      }),
    );
  }

  /** What the server declared in initialize (resources, prompts...); undefined before connect. */
  capabilities(): ServerCapabilities | undefined {
    return this.client.getServerCapabilities();
  }

  /** Sends one tools/call and maps whatever happens into a CallOutcome; never throws. */
  async callTool(name: string, args: Record<string, unknown>, timeoutMs: number, userSignal?: AbortSignal): Promise<CallOutcome> {
    // The loose result schema rather than the SDK's callTool: the same request, minus the
    // SDK's output-schema check, which would turn a real result into an exception.
    const sent = await this.send('tools/call', { name, arguments: args }, CallResultSchema, timeoutMs, userSignal);
    return sent.ok ? mapCallResult(sent.raw) : sent.outcome;
  }

  /** Sends one resources/read (RESOURCE-1); contents mapped like a tool result (RESOURCE-3). */
  async readResource(uri: string, timeoutMs: number, userSignal?: AbortSignal): Promise<CallOutcome> {
    const sent = await this.send('resources/read', { uri }, AnyResultSchema, timeoutMs, userSignal);
    return sent.ok ? mapReadResult(sent.raw) : sent.outcome;
  }

  /** Sends one prompts/get (PROMPT-1, on the user's request only). */
  async getPrompt(name: string, args: Record<string, string>, timeoutMs: number, userSignal?: AbortSignal): Promise<PromptOutcome> {
    const sent = await this.send('prompts/get', { name, arguments: args }, AnyResultSchema, timeoutMs, userSignal);
    return sent.ok ? mapPromptResult(sent.raw) : { ok: false, error: sent.outcome.output };
  }

  /** One request, sent once under its deadline and the user's signal; failures classified, never thrown. */
  private async send(
    method: string,
    params: Record<string, unknown>,
    schema: typeof AnyResultSchema,
    timeoutMs: number,
    userSignal: AbortSignal | undefined,
  ): Promise<{ ok: true; raw: unknown } | { ok: false; outcome: CallOutcome }> {
    if (this.closed || this.closing) return { ok: false, outcome: notSentOutcome(`The connection to MCP server ${this.server} is closed`) };
    if (userSignal?.aborted) return { ok: false, outcome: notSentOutcome('The call was cancelled before it was sent') };
    const call = new AbortController();
    const timer = setTimeout(() => call.abort(new McpLayerError('timeout', `No answer within ${timeoutMs} ms after sending`)), timeoutMs);
    const onUser = (): void => call.abort(new McpLayerError('interrupted', 'The call was interrupted by the user after it was sent'));
    userSignal?.addEventListener('abort', onUser, { once: true });
    const signal = this.withFailures(call.signal);
    try {
      const raw = await this.client.request({ method, params }, schema, { signal, timeout: timeoutMs + SDK_TIMEOUT_SLACK_MS });
      return { ok: true, raw };
    } catch (error) {
      return { ok: false, outcome: this.classifyCallError(error, signal) };
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
