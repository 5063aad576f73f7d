// Drives `codex app-server` (JSON-RPC lines over stdio) so that the suite's scripted user
// answers Codex's approval requests (APPROVE-*), and records what Codex reports: server
// start-up states (DISCOVER-3), MCP tool call items (RESULT-*), turn ends. The process runs
// in its own group and is always stopped by group and reaped (STDIO-5 hygiene).
import { dirname } from 'node:path';
import { HarnessError } from '../../errors.js';
import { signalHost, stopGroup, type ExitStatus, type GroupProcess } from '../../supervision/process-group.js';
import { spawnHost } from '../../supervision/process-scope.js';
import { JsonRpcError, JsonRpcLinePeer, type RequestId } from './json-rpc-lines.js';
import { z } from 'zod';
import {
  ApprovalParamsSchema,
  ItemCompletedSchema,
  McpToolCallItemSchema,
  StartupSchema,
  ThreadListResultSchema,
  ThreadResultSchema,
  TurnCompletedSchema,
  TurnStartResultSchema,
  type ApprovalAction,
  type CodexEvent,
  type McpToolApproval,
  type McpToolCallItem,
  type ServerStartup,
  type TurnEnd,
} from './app-server-messages.js';

export interface CodexAppServerOptions {
  bin: string;
  cwd: string;
  /** The complete environment (nothing is inherited); see codexEnv(). */
  env: Record<string, string>;
  /** Decides each MCP tool approval; without it every call is declined. */
  onApproval?: (approval: McpToolApproval) => Promise<ApprovalAction> | ApprovalAction;
  /** Shown a server's own elicitation (a form, not an approval) before the harness declines it (ASK-1). */
  onElicitation?: (elicitation: { serverName: string; message: string }) => void;
  /** Deadline for each client request (initialize, thread/start, ...). */
  requestTimeoutMs?: number;
  /** Extra `-c key=value` overrides (TOML values), e.g. the model provider. */
  configOverrides?: readonly string[];
  /** Sees every event as it arrives (after it was recorded). */
  onEvent?: (event: CodexEvent) => void;
  onStderr?: (chunk: string) => void;
}

const ElicitationParamsSchema = z.looseObject({ serverName: z.string(), message: z.string() });

// MCP tool calls ask the user; the sandbox keeps Codex's own shell read-only.
const THREAD_POLICY = { approvalPolicy: 'on-request', sandbox: 'read-only' } as const;

const STDERR_CAP = 256 * 1024;

/** The environment for app-server: `base` plus CODEX_HOME, the model key and node on PATH (the npm launcher is a node script). */
export function codexEnv(base: Record<string, string>, codexHome: string, apiKeyEnvVar: string, apiKey: string): Record<string, string> {
  const path = [dirname(process.execPath), base['PATH'] ?? ''].filter((p) => p !== '').join(':');
  return { ...base, PATH: path, CODEX_HOME: codexHome, [apiKeyEnvVar]: apiKey, RUST_LOG: base['RUST_LOG'] ?? 'warn' };
}

export class CodexAppServer {
  readonly events: CodexEvent[] = [];
  readonly #listeners = new Set<() => void>();
  readonly #peer: JsonRpcLinePeer;
  readonly #requestTimeoutMs: number;
  #stderr = '';

  private constructor(
    private readonly proc: GroupProcess,
    private readonly options: CodexAppServerOptions,
  ) {
    this.#requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
    proc.stderr.setEncoding('utf8');
    proc.stderr.on('data', (chunk: string) => {
      if (this.#stderr.length < STDERR_CAP) this.#stderr += chunk.slice(0, STDERR_CAP - this.#stderr.length);
      options.onStderr?.(chunk);
    });
    this.#peer = new JsonRpcLinePeer(proc.stdout, proc.stdin, {
      onRequest: (id, method, params) => {
        this.#record({ kind: 'request', id, method, params });
        return this.#serve(id, method, params);
      },
      onNotification: (method, params) => this.#record({ kind: 'notification', method, params }),
      onUnreadable: (line) => this.#record({ kind: 'unreadable', line }),
    });
    void proc.exited.then((status) => {
      this.#peer.close(`codex app-server exited (code ${status.code}, signal ${status.signal})`);
      this.#notify();
    });
  }

  /** Spawns `codex app-server` in its own process group and completes the initialize handshake. */
  static async start(options: CodexAppServerOptions): Promise<CodexAppServer> {
    const overrides = (options.configOverrides ?? []).flatMap((o) => ['-c', o]);
    const proc = await spawnHost(options.bin, ['app-server', ...overrides], { env: options.env, cwd: options.cwd });
    const server = new CodexAppServer(proc, options);
    try {
      await server.request('initialize', {
        clientInfo: { name: 'mcp-host-conformance', title: null, version: '0' },
        capabilities: { experimentalApi: false, requestAttestation: false },
      });
      server.#peer.notify('initialized');
      return server;
    } catch (error) {
      await server.close(0);
      throw new HarnessError('HOST_START', `codex app-server did not initialize: ${(error as Error).message}\n${server.stderr().slice(-2000)}`);
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
  stderr(): string {
    return this.#stderr;
  }

  request(method: string, params: unknown, timeoutMs = this.#requestTimeoutMs): Promise<unknown> {
    return this.#peer.request(method, params, timeoutMs);
  }

  /** Starts a thread whose MCP tool calls ask for approval; server start-up begins here. */
  async startThread(cwd: string, ephemeral = false): Promise<string> {
    const result = await this.request('thread/start', { cwd, ...THREAD_POLICY, ephemeral });
    return ThreadResultSchema.parse(result).thread.id;
  }

  /** Resumes the most recent stored thread (the host's own "continue"); null when there is none. */
  async resumeLatestThread(cwd: string): Promise<string | null> {
    const list = ThreadListResultSchema.parse(await this.request('thread/list', {}));
    const latest = list.data[0]?.id;
    if (latest === undefined) return null;
    const result = await this.request('thread/resume', { threadId: latest, cwd, ...THREAD_POLICY });
    return ThreadResultSchema.parse(result).thread.id;
  }

  async startTurn(threadId: string, text: string): Promise<string> {
    const result = await this.request('turn/start', { threadId, input: [{ type: 'text', text, text_elements: [] }] });
    return TurnStartResultSchema.parse(result).turn.id;
  }

  async interruptTurn(threadId: string, turnId: string): Promise<void> {
    await this.request('turn/interrupt', { threadId, turnId });
  }

  /** The latest start-up state per server (from mcpServer/startupStatus/updated). */
  serverStartup(): Map<string, ServerStartup> {
    const states = new Map<string, ServerStartup>();
    for (const params of this.#notifications('mcpServer/startupStatus/updated')) {
      const parsed = StartupSchema.safeParse(params);
      if (parsed.success) states.set(parsed.data.name, parsed.data);
    }
    return states;
  }

  /** Waits until every named server is ready, failed or cancelled; returns the states reached. */
  async waitForServers(names: readonly string[], timeoutMs: number): Promise<Map<string, ServerStartup>> {
    const settled = (): boolean => names.every((n) => ['ready', 'failed', 'cancelled'].includes(this.serverStartup().get(n)?.status ?? ''));
    await this.waitUntil(settled, timeoutMs);
    return this.serverStartup();
  }

  /** Completed MCP tool call items, in order. */
  toolCalls(): McpToolCallItem[] {
    const calls: McpToolCallItem[] = [];
    for (const params of this.#notifications('item/completed')) {
      const item = McpToolCallItemSchema.safeParse(ItemCompletedSchema.safeParse(params).data?.item);
      if (item.success) calls.push(item.data);
    }
    return calls;
  }

  turnEnd(turnId: string): TurnEnd | null {
    for (const params of this.#notifications('turn/completed')) {
      const parsed = TurnCompletedSchema.safeParse(params);
      if (parsed.success && parsed.data.turn.id === turnId) {
        return { turnId, status: parsed.data.turn.status, error: parsed.data.turn.error?.message ?? null };
      }
    }
    return null;
  }

  /** Waits for `turn/completed` of this turn; null when the deadline passed or Codex exited first. */
  async waitForTurn(turnId: string, timeoutMs: number): Promise<TurnEnd | null> {
    await this.waitUntil(() => this.turnEnd(turnId) !== null, timeoutMs);
    return this.turnEnd(turnId);
  }

  /** Resolves true once `condition` holds, false at the deadline or when Codex exits first. */
  waitUntil(condition: () => boolean, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const check = (): void => {
        const met = condition();
        if (!met && !this.hasExited()) return;
        finish(met);
      };
      const finish = (met: boolean): void => {
        clearTimeout(timer);
        this.#listeners.delete(check);
        resolve(met);
      };
      const timer = setTimeout(() => finish(condition()), timeoutMs);
      this.#listeners.add(check);
      check();
    });
  }

  /** Stops the whole group now (SIGTERM, graceMs, SIGKILL) and reaps it. */
  kill(graceMs = 1000): Promise<ExitStatus> {
    return stopGroup(this.proc, graceMs);
  }

  /** A signal to the launcher (it forwards SIGINT/SIGTERM to the native binary), as a terminal would; SIGKILL to the whole group. */
  signal(signal: NodeJS.Signals): void {
    signalHost(this.proc.pid, signal);
  }

  /** Closes stdin (app-server exits at end of input). */
  endInput(): void {
    this.proc.stdin.end();
  }

  /** Graceful stop (stdin closed, `graceMs` to exit), then the whole group is killed and reaped. */
  async close(graceMs = 2000): Promise<ExitStatus> {
    this.proc.stdin.end();
    if (graceMs > 0) await this.waitUntil(() => this.hasExited(), graceMs);
    return stopGroup(this.proc, 1000);
  }

  #record(event: CodexEvent): void {
    this.events.push(event);
    this.options.onEvent?.(event);
    this.#notify();
  }

  #notify(): void {
    for (const listener of [...this.#listeners]) listener();
  }

  *#notifications(method: string): Iterable<unknown> {
    for (const e of this.events) if (e.kind === 'notification' && e.method === method) yield e.params;
  }

  async #serve(id: RequestId, method: string, params: unknown): Promise<unknown> {
    if (method === 'mcpServer/elicitation/request') {
      const approval = ApprovalParamsSchema.safeParse(params);
      // A real elicitation from a server (not an approval): Codex hands it to its client, naming
      // the server; the transcript shows it and the harness declines, as no scenario fills forms here.
      if (!approval.success) {
        const form = ElicitationParamsSchema.safeParse(params);
        if (form.success) this.options.onElicitation?.(form.data);
        return { action: 'decline', content: null, _meta: null };
      }
      const p = approval.data;
      const request: McpToolApproval = {
        requestId: id,
        threadId: p.threadId,
        turnId: p.turnId,
        serverName: p.serverName,
        toolName: p._meta.tool_name ?? null,
        toolParams: p._meta.tool_params,
        paramsDisplay: (p._meta.tool_params_display ?? []).map((d) => ({ name: d.name, displayName: d.display_name, value: d.value })),
        message: p.message,
        params,
      };
      const action = this.options.onApproval === undefined ? 'decline' : await this.options.onApproval(request);
      return { action, content: null, _meta: null };
    }
    throw new JsonRpcError(method, -32601, 'not supported by the conformance harness');
  }
}
