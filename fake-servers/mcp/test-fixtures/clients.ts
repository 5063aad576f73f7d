// Real SDK clients for the fake servers' tests, plus a stdio client transport that starts
// the server in its own process group (as a conforming host must, STDIO-2) so each test
// can stop the whole group, the server's own child included, and launchFake: one fake on
// any transport behind one interface.
import { spawn, type ChildProcess } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { ServerBehaviour } from '../behaviour.js';
import { startHttpFakeServer } from '../http-server.js';
import type { Journal } from '../journal.js';
import { startJournalCollector } from '../journal-collector.js';

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
  /** Every byte the server wrote on stdout, framed or not. */
  stdout = Buffer.alloc(0);
  child?: ChildProcess;
  /** Resolves with the exit of the direct child (node reaps it). */
  exited?: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly buffer = new ReadBuffer();

  constructor(
    private readonly command: { command: string; args: string[] },
    private readonly env?: Record<string, string>,
  ) {}

  start(): Promise<void> {
    const child = spawn(this.command.command, this.command.args, { detached: true, stdio: 'pipe', ...(this.env && { env: this.env }) });
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    child.stdout.on('data', (chunk: Buffer) => {
      this.stdout = Buffer.concat([this.stdout, chunk]);
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

/** The transports a fake is reached by in tests ('streamable-json': Streamable HTTP with JSON answers). */
export type TestCarrier = 'stdio' | 'streamable' | 'streamable-json' | 'sse';
export const TEST_CARRIERS: readonly TestCarrier[] = ['stdio', 'streamable', 'streamable-json', 'sse'];

export interface LaunchedFake {
  journal: Journal;
  /** HTTP carriers: the server's URL. */
  url?: string;
  /** stdio: the transport of the last connect (its process, stderr, exit). */
  stdio?: DetachedStdioTransport;
  /** A real SDK client over this carrier (stdio: starts a server process). */
  connect(timeoutMs?: number): Promise<Client>;
  close(): Promise<void>;
}

/** Starts a fake for `behaviour` on `carrier`; stdio servers journal to a collector of their own. */
export async function launchFake(
  carrier: TestCarrier,
  behaviour: ServerBehaviour,
  env: Record<string, string> = { PATH: process.env.PATH ?? '' },
): Promise<LaunchedFake> {
  const clients: Client[] = [];
  if (carrier === 'stdio') {
    const collector = await startJournalCollector();
    const server = collector.stdioServer(behaviour);
    const fake: LaunchedFake = {
      journal: server.journal,
      async connect(timeoutMs = 10_000) {
        fake.stdio = new DetachedStdioTransport({ command: server.command, args: server.args }, env);
        const stdio = fake.stdio;
        stdioTransports.push(stdio);
        const client = newClient();
        clients.push(client);
        await client.connect(stdio, { timeout: timeoutMs });
        return client;
      },
      async close() {
        await Promise.all(stdioTransports.splice(0).map((t) => t.killGroup()));
        await collector.close();
      },
    };
    const stdioTransports: DetachedStdioTransport[] = [];
    return fake;
  }
  const http = behaviour.http ?? {};
  const server = await startHttpFakeServer({
    ...behaviour,
    http: { ...http, ...(carrier === 'sse' && { flavour: 'sse' }), ...(carrier === 'streamable-json' && { jsonResponse: true }) },
  });
  return {
    journal: server.journal,
    url: server.url,
    async connect(timeoutMs = 5_000) {
      const client = await connectHttp(server.url, { sse: carrier === 'sse', timeoutMs });
      clients.push(client);
      return client;
    },
    async close() {
      await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
      await server.close();
    },
  };
}
