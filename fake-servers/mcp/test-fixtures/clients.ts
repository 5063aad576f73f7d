// Real SDK clients for the fake servers' tests, plus a stdio client transport that starts
// the server in its own process group (as a conforming host must, STDIO-2) so each test
// can stop the whole group, the server's own child included.
import { spawn, type ChildProcess } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export function newClient(): Client {
  return new Client({ name: 'fake-mcp-test', version: '1.0.0' });
}

export async function connectHttp(url: string, options: { sse?: boolean; headers?: Record<string, string>; timeoutMs?: number } = {}): Promise<Client> {
  const client = newClient();
  const requestInit = { headers: options.headers ?? {} };
  const transport = options.sse ? new SSEClientTransport(new URL(url), { requestInit }) : new StreamableHTTPClientTransport(new URL(url), { requestInit });
  await client.connect(transport, { timeout: options.timeoutMs ?? 5_000 });
  return client;
}

export class DetachedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  stderr = '';
  child?: ChildProcess;
  /** Resolves with the exit of the direct child (node reaps it). */
  exited?: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly buffer = new ReadBuffer();

  constructor(private readonly command: { command: string; args: string[] }, private readonly env?: Record<string, string>) {}

  start(): Promise<void> {
    const child = spawn(this.command.command, this.command.args, { detached: true, stdio: 'pipe', ...(this.env && { env: this.env }) });
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    child.stdout.on('data', (chunk: Buffer) => {
      this.buffer.append(chunk);
      for (;;) {
        try {
          const message = this.buffer.readMessage();
          if (message === null) break;
          this.onmessage?.(message);
        } catch (error) {
          this.onerror?.(error as Error);
        }
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    child.stdin.on('error', () => {});
    child.once('close', () => this.onclose?.());
    return new Promise((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', reject);
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    this.child?.stdin?.write(serializeMessage(message));
    return Promise.resolve();
  }

  /** Closes stdin only; stopping the group is killGroup's job. */
  async close(): Promise<void> {
    this.child?.stdin?.end();
  }

  /** SIGKILL to the whole group, then waits for the direct child to be reaped. */
  async killGroup(): Promise<void> {
    const pid = this.child?.pid;
    if (pid === undefined) return;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // ESRCH: the group is already gone.
    }
    await this.exited;
  }
}
