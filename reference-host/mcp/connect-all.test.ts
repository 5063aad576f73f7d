// Integration: connectAll against real SDK servers as child processes (stdio).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { McpConfig } from '../config/schema.js';
import { connectAll, unknownOutcomeText } from './connect-all.js';
import { closeAllStdioGroups, liveStdioGroupCount } from './stdio-transport.js';
import { isRunning, readInfo, STDIO_FIXTURE } from './test-fixtures/process-state.js';
import type { McpConnections, McpTool } from './types.js';

const OPTIONS = { connectTimeoutMs: 8000, callTimeoutMs: 8000, builtinNames: ['bash'] };

let dir: string;
let connections: McpConnections | undefined;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'refhost-connect-'));
});
afterEach(async () => {
  await connections?.close();
  connections = undefined;
  await closeAllStdioGroups();
  rmSync(dir, { recursive: true, force: true });
});

const infoFile = (name: string): string => join(dir, `${name}.json`);
const stdio = (name: string, mode: string, env: Record<string, string> = {}, extra: string[] = []) => ({
  command: process.execPath,
  args: [STDIO_FIXTURE, mode, infoFile(name), ...extra],
  env,
});
const toolOf = (c: McpConnections, exposed: string): McpTool => {
  const tool = c.tools.find((t) => t.exposedName === exposed);
  if (!tool) throw new Error(`no tool ${exposed}`);
  return tool;
};

describe('connectAll over stdio', () => {
  it('discovers every tool with a server-scoped name, a labelled description and the untouched schema', async () => {
    connections = await connectAll({ mcpServers: { files: stdio('files', 'ok') } }, OPTIONS);
    expect(connections.statuses).toEqual([
      { server: 'files', destination: `${process.execPath} ${STDIO_FIXTURE} ok ${infoFile('files')}`, ok: true, toolCount: 4 },
    ]);
    expect(connections.tools.map((t) => t.exposedName)).toEqual(['mcp_files_echo', 'mcp_files_exit', 'mcp_files_hang', 'mcp_files_huge']);
    const echo = toolOf(connections, 'mcp_files_echo');
    expect(echo.description.startsWith('[MCP server files, tool echo] Echoes text.')).toBe(true);
    expect(echo.parameters).toMatchObject({ type: 'object', properties: { text: { type: 'string' } }, required: ['text'] });
    expect(echo.description).not.toContain('IGNORE ALL PREVIOUS INSTRUCTIONS');
    expect(await connections.call(echo, { text: 'hello' })).toEqual({ status: 'completed', output: 'hello' });
  });

  it('isolates crashing, garbage-writing, oversized and missing servers while a good one works', async () => {
    const config: McpConfig = {
      mcpServers: {
        good: stdio('good', 'ok'),
        crash: stdio('crash', 'crash'),
        garbage: stdio('garbage', 'garbage'),
        huge: stdio('huge', 'huge-line'),
        missing: { command: join(dir, 'no-such-server'), args: [], env: {} },
      },
    };
    connections = await connectAll(config, OPTIONS);
    const byName = Object.fromEntries(connections.statuses.map((s) => [s.server, s]));
    expect(connections.statuses.map((s) => s.server)).toEqual(['good', 'crash', 'garbage', 'huge', 'missing']);
    expect(byName.good).toMatchObject({ ok: true, toolCount: 4 });
    expect(byName.crash).toMatchObject({ ok: false, reason: expect.stringMatching(/^server process exited \(code 1\)/) });
    expect(byName.garbage).toMatchObject({ ok: false, reason: 'server process exited (code 0) before discovery finished' });
    expect(byName.huge).toMatchObject({ ok: false, reason: 'message larger than the 1 MiB message limit' });
    expect(byName.missing).toMatchObject({ ok: false, reason: expect.stringContaining('could not start') });
    expect(connections.tools.every((t) => t.server === 'good')).toBe(true);
    expect((await connections.call(toolOf(connections, 'mcp_good_echo'), { text: 'still fine' })).status).toBe('completed');
    for (const name of ['crash', 'garbage', 'huge']) {
      const { pid, grandchild } = readInfo(infoFile(name));
      expect(isRunning(pid)).toBe(false);
      expect(isRunning(grandchild)).toBe(false);
    }
  });

  it('hands one connect job per server, in configuration order, to the runConnects seam', async () => {
    let jobs = 0;
    const serial = async <T,>(js: readonly (() => Promise<T>)[]): Promise<T[]> => {
      jobs = js.length;
      const out: T[] = [];
      for (const job of js) out.push(await job());
      return out;
    };
    connections = await connectAll({ mcpServers: { a: stdio('a', 'ok'), b: stdio('b', 'ok') } }, OPTIONS, { runConnects: serial });
    expect(jobs).toBe(2);
    expect(connections.statuses.map((s) => [s.server, s.ok])).toEqual([['a', true], ['b', true]]);
  });

  it('reports a server that answers initialize with an error as unavailable', async () => {
    connections = await connectAll({ mcpServers: { bad: stdio('bad', 'raw', {}, ['init-error']) } }, OPTIONS);
    expect(connections.statuses[0]).toMatchObject({ ok: false, reason: 'the server answered with an error: boom (code -32603)' });
  });

  it('maps a JSON-RPC error and isError to failed, and ignores list_changed', async () => {
    connections = await connectAll({ mcpServers: { raw: stdio('raw', 'raw') } }, OPTIONS);
    const before = connections.tools.map((t) => t.exposedName);
    expect(await connections.call(toolOf(connections, 'mcp_raw_rpc_error'), {})).toEqual({
      status: 'failed',
      output: 'The MCP server returned an error: bad arguments (code -32602)',
    });
    expect(await connections.call(toolOf(connections, 'mcp_raw_is_error'), {})).toEqual({ status: 'failed', output: 'it broke' });
    expect(connections.tools.map((t) => t.exposedName)).toEqual(before);
    expect(before).toEqual(['mcp_raw_rpc_error', 'mcp_raw_is_error']);
  });

  it('gives up a hanging server at its own deadline, kills its group, and keeps the others', async () => {
    connections = await connectAll({ mcpServers: { hang: stdio('hang', 'hang'), good: stdio('good', 'ok') } }, { ...OPTIONS, connectTimeoutMs: 6000 });
    expect(connections.statuses[0]).toEqual({
      server: 'hang',
      destination: expect.any(String),
      ok: false,
      reason: 'no answer within the 6000 ms connect and discovery deadline',
    });
    expect(connections.statuses[1]).toMatchObject({ ok: true });
    const { pid, grandchild } = readInfo(infoFile('hang'));
    expect(isRunning(pid)).toBe(false);
    expect(isRunning(grandchild)).toBe(false);
  });

  it('gives unknown when the server exits mid-call, and does not send later calls', async () => {
    connections = await connectAll({ mcpServers: { s: stdio('s', 'ok') } }, OPTIONS);
    const outcome = await connections.call(toolOf(connections, 'mcp_s_exit'), {});
    expect(outcome.status).toBe('unknown');
    expect(outcome.output).toBe(`Server process exited (code 3). ${unknownOutcomeText()}`);
    const next = await connections.call(toolOf(connections, 'mcp_s_echo'), { text: 'x' });
    expect(next).toEqual({ status: 'failed', output: 'The connection to MCP server s is closed; the call was not sent.' });
  });

  it('gives unknown for a call deadline, an oversized answer and a user interrupt', async () => {
    connections = await connectAll({ mcpServers: { s: stdio('s', 'ok') } }, { ...OPTIONS, callTimeoutMs: 1500 });
    const timedOut = await connections.call(toolOf(connections, 'mcp_s_hang'), {});
    expect(timedOut.output).toBe(`No answer within 1500 ms after sending. ${unknownOutcomeText()}`);
    const huge = await connections.call(toolOf(connections, 'mcp_s_huge'), {});
    expect(huge).toEqual({ status: 'unknown', output: `Message larger than the 1 MiB message limit. ${unknownOutcomeText()}` });
    const interrupt = new AbortController();
    const pending = connections.call(toolOf(connections, 'mcp_s_hang'), {}, interrupt.signal);
    interrupt.abort();
    expect(await pending).toMatchObject({ status: 'unknown', output: expect.stringMatching(/^The call was interrupted by the user/) });
    expect((await connections.call(toolOf(connections, 'mcp_s_echo'), { text: 'after' })).status).toBe('completed');
  });

  it('masks configured credential values in results', async () => {
    connections = await connectAll({ mcpServers: { s: stdio('s', 'ok', { TOKEN: 'sekrit-value' }) } }, OPTIONS);
    expect(readInfo(infoFile('s')).env.TOKEN).toBe('sekrit-value');
    const outcome = await connections.call(toolOf(connections, 'mcp_s_echo'), { text: 'token is sekrit-value' });
    expect(outcome.output).toBe('token is ********');
  });

  it('masks a credential a server echoes into its own tool definitions', async () => {
    connections = await connectAll({ mcpServers: { raw: stdio('raw', 'raw', { TOKEN: 'sekrit-value' }) } }, OPTIONS);
    const tool = toolOf(connections, 'mcp_raw_is_error');
    expect(tool.description).toContain('uses ********');
    expect(tool.parameters).toEqual({ type: 'object', title: '********' });
    expect(JSON.stringify(connections.tools)).not.toContain('sekrit-value');
  });

  it('close() stops and reaps every server group', async () => {
    connections = await connectAll({ mcpServers: { a: stdio('a', 'ok'), b: stdio('b', 'ok') } }, OPTIONS);
    const infos = ['a', 'b'].map((n) => readInfo(infoFile(n)));
    await connections.close();
    expect(liveStdioGroupCount()).toBe(0);
    for (const info of infos) {
      expect(isRunning(info.pid)).toBe(false);
      expect(isRunning(info.grandchild)).toBe(false);
    }
    expect(existsSync(infoFile('a'))).toBe(true);
  });
});
