// The client side of the Agent Client Protocol over an agent's stdio, on the official SDK's
// ClientApp (ndJsonStream). The agent is a real child process in its own process group
// (STDIO-5 hygiene): stopped by group and reaped on every path. Where the SDK's defaults
// would break a guarantee of the suite it is wrapped here, each place saying why.
import {
  client,
  ndJsonStream,
  RequestError,
  type ClientConnection,
  type InitializeResponse,
  type RequestPermissionRequest,
  type RequestPermissionResponse,
  type SessionNotification,
} from '@agentclientprotocol/sdk';
import { Readable, Writable } from 'node:stream';
import { HarnessError } from '../../errors.js';
import { signalHost, stopGroup, type ExitStatus, type GroupProcess } from '../../supervision/process-group.js';
import { spawnHost } from '../../supervision/process-scope.js';

export interface AcpClientHooks {
  onPermission(request: RequestPermissionRequest, signal: AbortSignal): Promise<RequestPermissionResponse>;
  onUpdate(notification: SessionNotification): void;
  /** An agent-to-client request the client does not serve (answered -32601). */
  onUnknownRequest(method: string): void;
  onStderr(chunk: string): void;
}

export interface AcpClientOptions {
  bin: string;
  args: readonly string[];
  env: Record<string, string>;
  cwd: string;
  /** Deadline for each client request (initialize, session/new, set_mode, load). Not for session/prompt, which lasts a turn. */
  requestTimeoutMs?: number;
}

/** Thrown when the agent answered a request with a JSON-RPC error (its own refusal, not the suite's failure). */
export class AgentError extends Error {
  override name = 'AgentError';
}

export class AcpClient {
  readonly #connection: ClientConnection;
  readonly #timeoutMs: number;

  private constructor(
    private readonly proc: GroupProcess,
    hooks: AcpClientHooks,
    timeoutMs: number,
  ) {
    this.#timeoutMs = timeoutMs;
    proc.stderr.setEncoding('utf8');
    proc.stderr.on('data', (chunk: string) => hooks.onStderr(chunk));
    const app = client({ name: 'mcp-host-conformance' })
      .onRequest('session/request_permission', ({ params, signal }) => hooks.onPermission(params, signal))
      .onNotification('session/update', ({ params }) => hooks.onUpdate(params))
      // Registered so the transcript shows what was refused (Qwen's craft/drainMidTurnQueue); the answer is the SDK's -32601.
      .onRequest('*', ({ method }) => {
        hooks.onUnknownRequest(method);
        throw RequestError.methodNotFound(method);
      });
    const output = Writable.toWeb(proc.stdin) as WritableStream<Uint8Array>;
    const input = Readable.toWeb(proc.stdout) as ReadableStream<Uint8Array>;
    this.#connection = app.connect(ndJsonStream(output, input));
  }

  /** Spawns the agent in its own process group and completes `initialize` (no fs, no terminal: the client offers only permissions). */
  static async start(options: AcpClientOptions, hooks: AcpClientHooks): Promise<{ client: AcpClient; init: InitializeResponse }> {
    const proc = await spawnHost(options.bin, options.args, { env: options.env, cwd: options.cwd });
    const acp = new AcpClient(proc, hooks, options.requestTimeoutMs ?? 30_000);
    try {
      const init = await acp.request('initialize', {
        protocolVersion: 1,
        clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
        clientInfo: { name: 'mcp-host-conformance', version: '0' },
      });
      return { client: acp, init: init as InitializeResponse };
    } catch (error) {
      await acp.kill(0);
      throw new HarnessError('HOST_START', `the ACP agent did not initialize: ${(error as Error).message}`);
    }
  }

  get pid(): number {
    return this.proc.pid;
  }
  get exited(): Promise<ExitStatus> {
    return this.proc.exited;
  }
  hasExited(): boolean {
    return this.proc.hasExited();
  }

  /**
   * One request with a deadline. The SDK waits for an answer for ever, and a dead agent's
   * request may never settle: every wait of the suite has a deadline and ends when the host exits.
   */
  request(method: string, params: unknown, timeoutMs: number | null = this.#timeoutMs): Promise<unknown> {
    let timer: NodeJS.Timeout | undefined;
    const sent = this.#connection.agent.request(method, params).catch((error: unknown) => {
      throw new AgentError(`${method}: ${error instanceof Error ? error.message : JSON.stringify(error)}`);
    });
    const deadline = new Promise<never>((_, reject) => {
      if (timeoutMs !== null) timer = setTimeout(() => reject(new HarnessError('HOST_START', `${method}: no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    const exited = this.proc.exited.then((s) => {
      throw new AgentError(`${method}: the agent exited first (code ${s.code}, signal ${s.signal})`);
    });
    return Promise.race([sent, deadline, exited]).finally(() => clearTimeout(timer));
  }

  notify(method: string, params: unknown): void {
    this.#connection.agent.notify(method, params).catch(() => {
      // the agent is gone; its exit is observed elsewhere
    });
  }

  /** A signal to the agent's leader, as a process manager sends it; SIGKILL to the whole group (a launcher cannot forward it). */
  signal(signal: NodeJS.Signals): void {
    signalHost(this.proc.pid, signal);
  }

  endInput(): void {
    this.proc.stdin.end();
  }

  /** Stops the whole group (SIGTERM, graceMs, SIGKILL) and reaps it. */
  async kill(graceMs = 1000): Promise<ExitStatus> {
    const status = await stopGroup(this.proc, graceMs);
    this.#connection.close();
    return status;
  }
}
