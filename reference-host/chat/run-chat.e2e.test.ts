// End to end: the built `refhost` binary as a child process, HOME/XDG in a temp dir, the
// mock Responses server and one SDK McpServer over loopback HTTP. One call is approved
// and its function_call_output must reach the model (APPROVE-1, RESULT-1, STDIO-5 exit).
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startMockModel, type MockModel } from '../../fake-servers/model/mock-model.js';
import { ensureBuilt, refhostHome, removeRefhostHomes, startRefhost, stopRefhost } from './test-fixtures/refhost-process.js';

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

let child: ChildProcessWithoutNullStreams | null = null;
let model: MockModel | null = null;
let mcpHttp: Server | null = null;

afterEach(async () => {
  await stopRefhost(child);
  removeRefhostHomes();
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
    const home = refhostHome({ docs: { url: echo.url } });
    const refhost = startRefhost(home, { baseUrl: model.baseUrl, apiKey: 'sk-e2e-key' });
    child = refhost.child;
    const { exited, screen } = refhost;

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
