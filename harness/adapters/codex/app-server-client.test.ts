// End-to-end against the real Codex CLI: the scripted model asks for MCP tool calls, the
// client answers Codex's approval requests, and the model journal shows exactly what Codex
// put into each function_call_output (the input of classifyOutput for Codex).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startMockModel, type MockModel, type ModelStep } from '../../../fake-servers/model/mock-model.js';
import { CodexAppServer, codexEnv } from './app-server-client.js';
import type { ApprovalAction, McpToolApproval } from './app-server-messages.js';
import { writeCodexConfig } from './config-toml.js';
import { findCodex } from './locate-codex.js';

const codex = findCodex();
const KEY_VAR = 'MHC_MODEL_KEY';
const KEY = 'sk-mock-codex-test';

/** One SDK server on loopback: `echo` needs approval, `fail` and `slow` are read-only. */
async function startMcp(calls: string[]): Promise<{ url: string; close(): Promise<void> }> {
  const http: Server = createServer((req, res) => {
    const server = new McpServer({ name: 'fake', version: '1.0.0' });
    server.registerTool('echo', { description: 'Echo text', inputSchema: { text: z.string() } }, ({ text }) => {
      calls.push(`echo:${text}`);
      return { content: [{ type: 'text', text: `echo:${text}` }] };
    });
    server.registerTool('fail', { description: 'Fails', annotations: { readOnlyHint: true } }, () => {
      calls.push('fail');
      return { isError: true, content: [{ type: 'text', text: 'it failed' }] };
    });
    server.registerTool('slow', { description: 'Never in time', annotations: { readOnlyHint: true } }, async () => {
      calls.push('slow');
      await new Promise((resolve) => setTimeout(resolve, 3000));
      return { content: [{ type: 'text', text: 'late' }] };
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => void transport.close());
    void server.connect(transport).then(() => transport.handleRequest(req, res));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}/mcp`,
    close: () =>
      new Promise((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function runTurn(script: ModelStep[], decide: (a: McpToolApproval) => ApprovalAction, toolTimeoutMs?: number) {
  if (codex === null) throw new Error('unreachable: suite is skipped without Codex');
  const root = mkdtempSync(join(tmpdir(), 'codex-client-'));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  const calls: string[] = [];
  const mcp = await startMcp(calls);
  cleanups.push(() => mcp.close());
  const model: MockModel = await startMockModel({ script, apiKey: KEY });
  cleanups.push(() => model.close());
  const codexHome = join(root, 'codex-home');
  writeCodexConfig(codexHome, {
    provider: { modelUrl: model.baseUrl, apiKeyEnvVar: KEY_VAR },
    servers: { fake: { url: mcp.url } },
    startupTimeoutMs: 10_000,
    ...(toolTimeoutMs === undefined ? {} : { toolTimeoutMs }),
  });
  const approvals: McpToolApproval[] = [];
  const env = codexEnv({ PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: root, TMPDIR: root }, codexHome, KEY_VAR, KEY);
  const app = await CodexAppServer.start({ bin: codex.path, cwd: root, env, onApproval: (a) => (approvals.push(a), decide(a)) });
  cleanups.push(async () => void (await app.close(0)));
  const threadId = await app.startThread(root);
  const startup = await app.waitForServers(['fake'], 15_000);
  const turnId = await app.startTurn(threadId, 'go');
  const end = await app.waitForTurn(turnId, 20_000);
  const outputs = model.journal.requests().flatMap((r) => r.functionCallOutputs);
  // Each request repeats earlier outputs; keep the first sighting of each call.
  const byCall = new Map<string, unknown>();
  for (const o of outputs) if (!byCall.has(o.call_id)) byCall.set(o.call_id, o.output);
  return { app, calls, approvals, startup, end, byCall, model };
}

const WALL_TIME = { type: 'input_text', text: expect.stringMatching(/^Wall time: \d+(\.\d+)? seconds\nOutput:$/) };

describe.skipIf(codex === null)('Codex app-server client (needs `npm run hosts:install -- codex`)', () => {
  it('runs an approved call, refuses a declined one, and reports both to the model', async () => {
    const script: ModelStep[] = [
      { calls: [{ server: 'fake', tool: 'echo', arguments: { text: 'yes' } }] },
      { calls: [{ server: 'fake', tool: 'echo', arguments: { text: 'no' } }] },
      { message: 'done' },
    ];
    let n = 0;
    const run = await runTurn(script, () => (n++ === 0 ? 'accept' : 'decline'));

    expect(run.startup.get('fake')).toEqual({ name: 'fake', status: 'ready', error: null });
    expect(run.end?.status).toBe('completed');
    expect(run.approvals.map((a) => [a.serverName, a.toolName, a.toolParams, a.message])).toEqual([
      ['fake', 'echo', { text: 'yes' }, 'Allow the fake MCP server to run tool "echo"?'],
      ['fake', 'echo', { text: 'no' }, 'Allow the fake MCP server to run tool "echo"?'],
    ]);
    expect(run.calls).toEqual(['echo:yes']);
    const tools = run.model.journal
      .requests()[0]
      ?.tools.filter((t) => t.namespace === 'mcp__fake')
      .map((t) => t.name);
    expect(tools).toEqual(['echo', 'fail', 'slow']);
    const [approved, declined] = [...run.byCall.values()];
    expect(approved).toEqual([WALL_TIME, { type: 'input_text', text: 'echo:yes' }]);
    expect(declined).toEqual([WALL_TIME, { type: 'input_text', text: 'user rejected MCP tool call' }]);
    expect(run.app.toolCalls().map((c) => [c.status, c.error?.message ?? null])).toEqual([
      ['completed', null],
      ['failed', 'user rejected MCP tool call'],
    ]);

    const exit = await run.app.close();
    expect(exit.code).toBe(0);
  }, 60_000);

  it('passes an isError result on as plain content and a timeout as an error text', async () => {
    const script: ModelStep[] = [
      { calls: [{ server: 'fake', tool: 'fail', arguments: {} }] },
      { calls: [{ server: 'fake', tool: 'slow', arguments: {} }] },
      { message: 'done' },
    ];
    const run = await runTurn(script, () => 'decline', 500);

    expect(run.approvals).toEqual([]); // read-only tools run without asking
    const [failed, timedOut] = [...run.byCall.values()];
    expect(failed).toEqual([WALL_TIME, { type: 'input_text', text: 'it failed' }]);
    expect(timedOut).toEqual([
      WALL_TIME,
      { type: 'input_text', text: 'tool call error: tool call failed for `fake/slow`\n\nCaused by:\n    timed out awaiting tools/call after 500ms' },
    ]);
    expect(run.app.toolCalls().map((c) => c.status)).toEqual(['failed', 'failed']);
  }, 60_000);
});
