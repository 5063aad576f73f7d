// End to end: the built `refhost` binary as a child process, HOME/XDG in a temp dir, the
// mock Responses server and one SDK McpServer over loopback HTTP. One call is approved
// and its function_call_output must reach the model (APPROVE-1, RESULT-1, STDIO-5 exit).
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startMockModel, type MockModel } from '../../fake-servers/model/mock-model.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DEADLINE_MS = 20_000;

/** Rebuilds dist/ only when a reference-host source is newer than its built copy. */
function ensureBuilt(): void {
  const stale = (dir: string): boolean =>
    readdirSync(dir, { withFileTypes: true }).some((entry) => {
      const source = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name !== 'test-fixtures' && stale(source);
      if (!entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) return false;
      const built = path.join(ROOT, 'dist', path.relative(ROOT, source)).replace(/\.ts$/, '.js');
      try {
        return statSync(built).mtimeMs < statSync(source).mtimeMs;
      } catch {
        return true;
      }
    });
  if (stale(path.join(ROOT, 'reference-host'))) {
    // Other folders may have transient type errors; tsc still emits, so only the output counts.
    spawnSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: ROOT });
  }
}

/** A stateless SDK server with one tool that records its calls. */
async function startEchoServer(): Promise<{ url: string; calls: string[]; server: Server }> {
  const calls: string[] = [];
  const server = createServer((req, res) => {
    const mcp = new McpServer({ name: 'echo', version: '1.0.0' });
    mcp.registerTool('echo', { description: 'Echoes text.', inputSchema: { text: z.string() } }, ({ text }) => {
      calls.push(text);
      return { content: [{ type: 'text', text: `echo: ${text}` }] };
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => void transport.close());
    void mcp.connect(transport).then(() => transport.handleRequest(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, calls, server };
}

function screenReader(child: ChildProcessWithoutNullStreams): { text(): string; waitFor(needle: string, count?: number): Promise<void> } {
  let text = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    text += chunk;
    child.emit('screen');
  });
  return {
    text: () => text,
    waitFor: (needle, count = 1) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => finish(new Error(`no ${JSON.stringify(needle)} x${count} on screen:\n${text}`)), DEADLINE_MS);
        const check = (): void => {
          if (text.split(needle).length - 1 >= count) finish();
        };
        const finish = (error?: Error): void => {
          clearTimeout(timer);
          child.off('screen', check);
          child.off('exit', onExit);
          if (error) reject(error);
          else resolve();
        };
        const onExit = (): void => finish(new Error(`refhost exited before ${JSON.stringify(needle)}:\n${text}`));
        child.on('screen', check);
        child.on('exit', onExit);
        check();
      }),
  };
}

let child: ChildProcessWithoutNullStreams | null = null;
let model: MockModel | null = null;
let mcpHttp: Server | null = null;

afterEach(async () => {
  if (child !== null && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    process.kill(-(child.pid ?? 0), 'SIGKILL');
    await exited;
  }
  child = null;
  await model?.close();
  model = null;
  await new Promise((resolve) => (mcpHttp ? mcpHttp.close(resolve) : resolve(undefined)));
  mcpHttp?.closeAllConnections();
  mcpHttp = null;
});

describe('refhost chat (built binary)', () => {
  beforeAll(ensureBuilt, 300_000);

  it('sends an approved MCP call and gives its function_call_output to the model', async () => {
    const echo = await startEchoServer();
    mcpHttp = echo.server;
    model = await startMockModel({
      apiKey: 'sk-e2e-key',
      script: [{ calls: [{ server: 'docs', tool: 'echo', arguments: { text: 'hello' } }] }, { message: 'all done' }],
    });
    const home = mkdtempSync(path.join(tmpdir(), 'refhost-e2e-'));
    const configDir = path.join(home, 'config', 'refhost');
    mkdirSync(configDir, { recursive: true });
    writeFileSync(path.join(configDir, 'mcp.json'), JSON.stringify({ mcpServers: { docs: { url: echo.url } } }), { mode: 0o600 });
    child = spawn(process.execPath, [path.join(ROOT, 'bin/refhost.js')], {
      cwd: home,
      detached: true,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: home,
        XDG_CONFIG_HOME: path.join(home, 'config'),
        XDG_DATA_HOME: path.join(home, 'data'),
        OPENAI_API_KEY: 'sk-e2e-key',
        OPENAI_BASE_URL: model.baseUrl,
      },
    });
    const exited = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)));
    const screen = screenReader(child);

    await screen.waitFor('You> ');
    expect(screen.text()).toMatch(new RegExp(`^MCP server docs: 1 tools from ${echo.url.replace(/[.]/g, '\\.')}\nrefhost - `));
    child.stdin.write('please echo\n');
    await screen.waitFor('Approve this operation? [y/N] ');
    expect(echo.calls).toEqual([]);
    child.stdin.write('y\n');
    await screen.waitFor('You> ', 2);
    child.stdin.end();
    expect(await exited).toBe(0);

    expect(echo.calls).toEqual(['hello']);
    const requests = model.journal.requests();
    expect(requests).toHaveLength(2);
    expect(requests[1]?.functionCallOutputs.map((o) => o.parsed)).toEqual([{ status: 'completed', output: 'echo: hello' }]);
    expect(screen.text()).toContain('Arguments: "{\\n  \\"text\\": \\"hello\\"\\n}"\n');
    expect(screen.text()).toContain('[Tool result: completed]\necho: hello\nAssistant> all done\nYou> ');
  }, 60_000);
});
