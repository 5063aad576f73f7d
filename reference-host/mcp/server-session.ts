// One connected MCP server: the 2.x SDK Client over a transport, with failures classified.
// The client speaks 2026-07-28 when the server offers it and falls back to 2025-11-25
// (initialize) when it does not: `versionNegotiation: 'auto'` probes with server/discover
// first (DISCOVER-1/2 on either revision). Every request runs under a signal that this
// session can abort when the transport reports a failure tied to no single request (an
// oversized line, a dropped stream), so a waiting call (tools/call, resources/read,
// prompts/get) ends as unknown instead of hanging to its deadline (RESULT-5, RESULT-6). A
// call is sent once; nothing here retries (UNKNOWN-1): the probe has maxRetries 0, and the
// client's multi-round-trip driver re-sends a request only with what the server asked for
// in its input_required answer (inputResponses, or its requestState echoed), never blindly
// after silence. Server instructions are never read (EXPOSE-6).
import { Client, ProtocolError, type ServerCapabilities, type Transport } from '@modelcontextprotocol/client';
import * as z from 'zod';
import { isMcpLayerError, McpLayerError } from './errors.js';
import { probeOrInitialize, shut } from './http-opening.js';
import { keepResultsLoose } from './loose-results.js';
import { watchProbeRefusals, type ProbeRefusal } from './probe-refusal.js';
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
  /**
   * How the opening goes: 'probe-in-place' (stdio: the SDK probes and falls back to
   * initialize on the same pipe), 'probe-or-initialize' (Streamable HTTP: see
   * http-opening.ts), 'initialize' (HTTP+SSE, which exists only before 2026-07-28).
   */
  opening: 'probe-in-place' | 'probe-or-initialize' | 'initialize';
}

type SessionConnection = { client: Client; link: SessionTransport };

/** Extra set-up of a Client before it connects (a server→client request handler, its capability). */
export type ClientSetup = (client: Client) => void;

export class ServerSession {
  /** The connection in use; during the HTTP opening there may be a second one in `opened`. */
  private current: SessionConnection;
  private readonly opened: SessionConnection[] = [];
  /** Clients whose connection closed. Only the current one's close is the session's: a spare
   *  whose initialize was refused is closed by the SDK before it can be retired, while the
   *  probe it raced may still open (a 2026-07-28-only server answering server/discover late). */
  private readonly closedClients = new WeakSet<Client>();
  private readonly setups: ClientSetup[] = [];
  private refusal: ProbeRefusal | undefined;
  private failures = new AbortController();
  private closing: Promise<void> | undefined;

  /** `makeLink` builds the transport; a second time only for the Streamable HTTP opening's initialize link. */
  constructor(
    readonly server: string,
    private readonly makeLink: () => SessionTransport,
    requests?: ServerRequests,
  ) {
    // ASK-1..3: what a server may ask of this host while a call waits (server-requests.ts).
    if (requests !== undefined) this.setups.push((client) => (client.registerCapabilities(requests.capabilities), requests.register(client, server)));
    this.current = this.open();
  }

  private get client(): Client {
    return this.current.client;
  }

  private get link(): SessionTransport {
    return this.current.link;
  }

  private get closed(): boolean {
    return this.closedClients.has(this.client);
  }

  private open(): SessionConnection {
    const connection = { link: this.watched(this.makeLink()), client: this.newClient() };
    this.opened.push(connection);
    return connection;
  }

  /** Out-of-band transport failures end what is waiting; watched on the transport itself,
   *  since the probe runs before the client attaches its handlers (the client chains them). */
  private watched(link: SessionTransport): SessionTransport {
    const own = link.transport.onerror;
    link.transport.onerror = (error) => {
      own?.(error);
      // Non-JSON lines are skipped (STDIO-6); an oversized message ends what is waiting.
      if (isMcpLayerError(error, 'oversize') || isMcpLayerError(error, 'closed')) this.fail(error);
    };
    watchProbeRefusals(link.transport, (refusal) => (this.refusal ??= refusal));
    return link;
  }

  /** Registers set-up (e.g. `client.setRequestHandler(...)`) on this session's client, before connect. */
  configureClient(setup: ClientSetup): void {
    this.setups.push(setup);
    for (const { client } of this.opened) setup(client);
  }

  private newClient(): Client {
    const client = new Client({ name: 'refhost', version: '0.1.0' }, { capabilities: {} });
    keepResultsLoose(client);
    client.onclose = () => {
      this.closedClients.add(client);
    };
    for (const setup of this.setups) setup(client);
    return client;
  }

  /** Ends every request in flight with `error` (called by transports for out-of-band failures). */
  fail(error: McpLayerError): void {
    const current = this.failures;
    this.failures = new AbortController();
    current.abort(error);
  }

  // seam: ServerSession.connect
  /**
   * The opening under `signal` (the connect+discover deadline): server/discover on
   * 2026-07-28, else initialize + initialized. The probe budget `probeTimeoutMs` is a share
   * of that deadline, not the SDK's 60 s default: on stdio a probe left unanswered that long
   * means a legacy server and the SDK sends initialize on the same pipe; on Streamable HTTP
   * an initialize on a fresh link joins the still-waiting probe (http-opening.ts).
   */
  async connect(signal: AbortSignal, probeTimeoutMs: number): Promise<void> {
    await this.guarded(signal, async (combined) => {
      const options = { signal: combined, timeout: SDK_TIMEOUT_SLACK_MS };
      const { client, link } = this.current;
      if (link.opening === 'initialize') return client.connect(link.transport, { ...options, prior: { kind: 'legacy' } });
      if (link.opening === 'probe-in-place') {
        client.setVersionNegotiation({ mode: 'auto', probe: { timeoutMs: probeTimeoutMs, maxRetries: 0 } });
        return client.connect(link.transport, options);
      }
      const hooks = { spare: () => (this.closing ? undefined : this.open()), retire: (loser: SessionConnection) => void shut(loser) };
      this.current = await probeOrInitialize(this.current, hooks, options, probeTimeoutMs);
    });
  }

  /** The error the server answered server/discover with, other than method-not-found. */
  probeRefusal(): ProbeRefusal | undefined {
    return this.refusal;
  }

  /** The revision the opening settled on (undefined before it did). */
  protocolVersion(): string | undefined {
    return this.client.getNegotiatedProtocolVersion();
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

  /** What the server declared in initialize or server/discover (resources, prompts...); undefined before connect. */
  capabilities(): ServerCapabilities | undefined {
    return this.client.getServerCapabilities();
  }

  // seam: ServerSession.callTool
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

  // seam: ServerSession.send
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

  // seam: ServerSession.classifyCallError
  private classifyCallError(error: unknown, signal: AbortSignal): CallOutcome {
    if (signal.aborted) return unknownOutcome(reasonText(signal.reason));
    if (isMcpLayerError(error)) return unknownOutcome(causeText(error.message));
    if (this.closed) return unknownOutcome(causeText(this.closedReason()));
    if (error instanceof ProtocolError) return failedOutcome(serverMessage(error));
    return unknownOutcome(causeText(`The request failed: ${error instanceof Error ? error.message : String(error)}`));
  }

  closedReason(): string {
    return this.link.closedReason() ?? 'the connection closed';
  }

  /** Closed, or (during the probe, before the client attached) the transport knows it went away. */
  get isClosed(): boolean {
    return this.closed || this.link.closedReason() !== undefined;
  }

  /** Idempotent; for stdio this stops and reaps the process group. Every link opened is shut. */
  close(): Promise<void> {
    this.closing ??= Promise.all(this.opened.map(shut)).then(() => undefined);
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

/** The message a JSON-RPC error carried, without a "MCP error N: " prefix some SDKs add. */
export function serverMessage(error: ProtocolError): string {
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
