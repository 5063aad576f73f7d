// Our own stdio Transport for the SDK Client. The SDK's StdioClientTransport adds default
// environment variables and inherits stderr, so it cannot keep STDIO-3/STDIO-4.
// STDIO-1 no shell; STDIO-2 own process group; STDIO-3 exact environment; STDIO-4 stderr
// discarded; STDIO-5 every group stopped and reaped on close and at host exit; STDIO-6 and
// NET-3 bad bytes or over-long lines never take the host down or grow memory unboundedly.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { once } from 'node:events';
import { isJSONRPCNotification, isJSONRPCRequest, isJSONRPCResponse, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/client';
import { LIMITS, McpLayerError } from './errors.js';
import { formatBytes } from './guarded-fetch.js';

// seam: INHERITED_VARIABLES
const INHERITED_VARIABLES = ['PATH', 'HOME', 'LANG'] as const;
const GROUP_POLL_MS = 10;
const GROUP_GONE_DEADLINE_MS = 1000;

// seam: buildStdioEnv
/** STDIO-3: only PATH, HOME and LANG (when the host has them) plus the configured variables. */
export function buildStdioEnv(hostEnv: NodeJS.ProcessEnv, configured: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of INHERITED_VARIABLES) {
    const value = hostEnv[name];
    if (value !== undefined) env[name] = value;
  }
  return { ...env, ...configured };
}

/** Starts a stdio server process; refhost uses node's spawn with STDIO_SPAWN_OPTIONS. */
export type SpawnStdio = (command: string, args: readonly string[], options: SpawnOptions) => ChildProcess;

// seam: STDIO_SPAWN_OPTIONS
/** STDIO-1 no shell, STDIO-2 own group, STDIO-4 stderr discarded. */
export const STDIO_SPAWN_OPTIONS: Readonly<Omit<SpawnOptions, 'env'>> = Object.freeze({
  shell: false,
  detached: true,
  stdio: ['pipe', 'pipe', 'ignore'] satisfies SpawnOptions['stdio'],
});

// seam: defaultSpawn
const defaultSpawn: SpawnStdio = (command, args, options) => spawn(command, [...args], options);

export interface StdioTransportOptions {
  command: string;
  args: readonly string[];
  env: Record<string, string>;
  /** Seam for the suite's faulty hosts only (default: node's spawn). */
  spawn?: SpawnStdio;
  maxMessageBytes?: number;
  /** How long close() waits after SIGTERM before SIGKILL (a deadline, not a sleep). */
  killGraceMs?: number;
}

/** Live process groups, stopped by closeAllStdioGroups() or, synchronously, at process exit. */
const liveTransports = new Set<StdioProcessTransport>();
let exitHookInstalled = false;

// seam: killGroup
function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

function groupExists(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Processes outside our children give no exit event, so the emptied group is polled for,
 *  bounded by a deadline (a zombie left to a non-reaping init would otherwise hold it). */
async function waitForGroupGone(pid: number, deadlineMs: number): Promise<void> {
  const end = Date.now() + deadlineMs;
  while (groupExists(pid) && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, GROUP_POLL_MS));
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // 'exit' handlers must be synchronous: SIGKILL is the only stop that cannot be ignored.
  process.on('exit', () => {
    for (const transport of liveTransports) {
      if (transport.pid !== undefined) killGroup(transport.pid, 'SIGKILL');
    }
  });
}

/** Stops every live stdio server group and waits until each leader is reaped (STDIO-5). */
export async function closeAllStdioGroups(): Promise<void> {
  await Promise.all([...liveTransports].map((transport) => transport.close()));
}

export function liveStdioGroupCount(): number {
  return liveTransports.size;
}

export class StdioProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private child: ChildProcess | undefined;
  private exited: Promise<void> | undefined;
  private closed: Promise<void> | undefined;
  private closing: Promise<void> | undefined;
  private exitDescription: string | undefined;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private discarding = false;
  private readonly limit: number;

  // seam: StdioProcessTransport.constructor
  constructor(private readonly options: StdioTransportOptions) {
    this.limit = options.maxMessageBytes ?? LIMITS.messageBytes;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /**
   * Always null: stderr is discarded (STDIO-4). It exists because the 2.x client recognises a
   * stdio transport by `stderr` and `pid`; only then does a server/discover probe that gets no
   * answer mean a legacy server (fall back to initialize) rather than an outage.
   */
  get stderr(): null {
    return null;
  }

  /** Why the process is gone, when it went on its own (for status reasons). */
  get exitReason(): string | undefined {
    return this.exitDescription;
  }

  // seam: StdioProcessTransport.start
  async start(): Promise<void> {
    if (this.child) throw new Error('stdio transport already started');
    const child = (this.options.spawn ?? defaultSpawn)(this.options.command, this.options.args, { ...STDIO_SPAWN_OPTIONS, env: this.options.env });
    this.child = child;
    const started = once(child, 'spawn').then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        throw new McpLayerError('spawn', `could not start ${this.options.command}: ${error.code ?? error.message}`);
      },
    );
    await started;
    const pid = child.pid;
    if (pid === undefined) throw new McpLayerError('spawn', `could not start ${this.options.command}`);
    liveTransports.add(this);
    installExitHook();
    this.exited = once(child, 'exit').then(async ([code, signal]) => {
      this.exitDescription ??= signal ? `server process ended by ${String(signal)}` : `server process exited (code ${String(code)})`;
      // The leader is reaped; anything it left in its group goes too.
      killGroup(pid, 'SIGKILL');
      await waitForGroupGone(pid, GROUP_GONE_DEADLINE_MS);
      liveTransports.delete(this);
    });
    this.closed = Promise.all([once(child, 'close'), this.exited]).then(() => this.onclose?.());
    child.on('error', (error) => this.onerror?.(error));
    child.stdin?.on('error', (error) => this.onerror?.(new McpLayerError('closed', `writing to the server failed: ${error.message}`)));
    child.stdout?.on('data', (chunk: Buffer) => this.onData(chunk));
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || this.exitDescription !== undefined || this.closing || !stdin.writable) {
      throw new McpLayerError('closed', this.exitDescription ?? 'server process is not running');
    }
    await new Promise<void>((resolve, reject) => {
      stdin.write(JSON.stringify(message) + '\n', (error) =>
        error ? reject(new McpLayerError('closed', `writing to the server failed: ${error.message}`)) : resolve(),
      );
    });
  }

  /** SIGTERM to the group, SIGKILL after the grace deadline, then wait until reaped. Idempotent. */
  close(): Promise<void> {
    this.closing ??= this.stop();
    return this.closing;
  }

  // seam: StdioProcessTransport.stop
  private async stop(): Promise<void> {
    const child = this.child;
    const pid = child?.pid;
    if (!child || pid === undefined || !this.exited || !this.closed) return;
    this.exitDescription ??= 'server connection closed by the host';
    child.stdin?.end();
    killGroup(pid, 'SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.options.killGraceMs ?? 2000);
    });
    await Promise.race([this.exited, deadline]);
    clearTimeout(timer);
    killGroup(pid, 'SIGKILL');
    await this.exited;
    // A process outside the group could still hold stdout open; 'close' must not wait on it.
    child.stdout?.destroy();
    await this.closed;
  }

  // seam: StdioProcessTransport.onData
  private onData(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(10, start);
      const end = newline === -1 ? chunk.length : newline;
      if (!this.discarding) {
        this.pending.push(chunk.subarray(start, end));
        this.pendingBytes += end - start;
        if (this.pendingBytes > this.limit) {
          // Drop what we hold and skip the rest of this line: memory stays bounded.
          this.pending = [];
          this.pendingBytes = 0;
          this.discarding = true;
          this.onerror?.(new McpLayerError('oversize', `message larger than the ${formatBytes(this.limit)} message limit`));
        }
      }
      if (newline === -1) return;
      if (!this.discarding) this.onLine(Buffer.concat(this.pending).toString('utf8'));
      this.discarding = false;
      this.pending = [];
      this.pendingBytes = 0;
      start = newline + 1;
    }
  }

  // seam: StdioProcessTransport.onLine
  private onLine(raw: string): void {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      this.onerror?.(new McpLayerError('protocol', 'skipped a line on stdout that is not JSON'));
      return;
    }
    if (!isJSONRPCRequest(parsed) && !isJSONRPCNotification(parsed) && !isJSONRPCResponse(parsed)) {
      this.onerror?.(new McpLayerError('protocol', 'skipped a line on stdout that is not a JSON-RPC message'));
      return;
    }
    try {
      this.onmessage?.(parsed);
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
