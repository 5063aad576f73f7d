import { EventEmitter } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { McpConfig } from '../config/schema.js';
import type { McpConnections } from '../mcp/types.js';
import { runChat, type ChatDeps } from './run-chat.js';
import { call, fakeConnections, fakeModel, mcpTool, outputsOf, say, type FakeModelStep } from './test-fixtures/fakes.js';

const tool = mcpTool('docs', 'search');

interface Harness {
  home: string;
  env: NodeJS.ProcessEnv;
  input: PassThrough;
  signals: EventEmitter;
  screen(): string;
  /** Resolves once the screen contains `text` `count` times. */
  waitFor(text: string, count?: number): Promise<void>;
  run(deps: ChatDeps, extra?: { resume?: string; continue?: boolean }): Promise<number>;
}

function harness(config?: McpConfig | string, home = mkdtempSync(path.join(tmpdir(), 'refhost-chat-'))): Harness {
  if (config !== undefined) {
    mkdirSync(path.join(home, '.config', 'refhost'), { recursive: true });
    writeFileSync(path.join(home, '.config', 'refhost', 'mcp.json'), typeof config === 'string' ? config : JSON.stringify(config));
  }
  const env = { HOME: home, OPENAI_API_KEY: 'sk-test-secret-key' };
  const input = new PassThrough();
  const output = new PassThrough();
  const signals = new EventEmitter();
  let text = '';
  output.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
    output.emit('screen');
  });
  return {
    home,
    env,
    input,
    signals,
    screen: () => text,
    waitFor: (needle, count = 1) =>
      new Promise((resolve) => {
        const check = (): void => {
          if (text.split(needle).length - 1 >= count) {
            output.off('screen', check);
            resolve();
          }
        };
        output.on('screen', check);
        check();
      }),
    run: (deps, extra = {}) => runChat({ env, input, output, signals, cwd: home, deps, ...extra }),
  };
}

function deps(connections: McpConnections, script: FakeModelStep[]): ChatDeps & { model: ReturnType<typeof fakeModel> } {
  const model = fakeModel(script);
  return { model, connect: async () => connections, createModelClient: () => model };
}

describe('runChat', () => {
  it('prints one status line per server before the banner, then the prompt, and closes on end of input', async () => {
    const h = harness();
    const connections = fakeConnections([tool], undefined, [
      { server: 'docs', destination: 'http://127.0.0.1:9/mcp', ok: true, toolCount: 1 },
      { server: 'gone', destination: 'node server.js', ok: false, reason: 'connection refused\x1b[2J' },
    ]);
    const running = h.run(deps(connections, []));
    await h.waitFor('You> ');
    h.input.end();
    expect(await running).toBe(0);
    expect(h.screen()).toMatch(
      /^MCP server docs: 1 tools from http:\/\/127\.0\.0\.1:9\/mcp\nMCP server gone unavailable: connection refused\\x1b\[2J\nrefhost - [^\n]*\nYou> /,
    );
    expect(connections.closed).toBe(1);
  });

  it('approves one call, shows its result and records the session', async () => {
    const h = harness();
    const connections = fakeConnections([tool], async () => ({ status: 'completed', output: 'found it' }));
    const d = deps(connections, [[call(tool.exposedName, { q: 'x' })], [say('answer')]]);
    const running = h.run(d);
    h.input.write('question\n');
    await h.waitFor('Approve this operation? [y/N] ');
    h.input.write('y\n');
    await h.waitFor('You> ', 2);
    h.input.write('/quit\n');
    expect(await running).toBe(0);
    expect(h.screen()).toContain('[Tool: mcp_docs_search]\nServer: "docs"\n');
    expect(h.screen()).toContain('[Tool result: completed]\nfound it\nAssistant> answer\nYou> ');
    expect(outputsOf(d.model.requests[1]?.input ?? [])).toEqual([{ status: 'completed', output: 'found it' }]);
    const sessions = path.join(h.home, '.local', 'share', 'refhost', 'sessions');
    const [file] = readdirSync(sessions);
    const lines = readFileSync(path.join(sessions, file ?? ''), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { type: string });
    expect(lines.map((l) => l.type)).toEqual(['session', 'message', 'function_call', 'function_call_output', 'message']);
    expect(lines[2]).toMatchObject({ mcp: { server: 'docs', tool: 'search' } });
  });

  it('continues a session whose server is gone without invoking anything recorded', async () => {
    const first = harness();
    const connections = fakeConnections([tool]);
    const running = first.run(deps(connections, [[call(tool.exposedName, {})], [say('first answer')]]));
    first.input.write('question\ny\n');
    await first.waitFor('You> ', 2);
    first.input.end();
    await running;

    const second = harness(undefined, first.home);
    const none = fakeConnections([]);
    const d = deps(none, [[say('resumed answer')]]);
    const resumed = second.run(d, { continue: true });
    second.input.write('again\n');
    await second.waitFor('You> ', 2);
    second.input.end();
    expect(await resumed).toBe(0);
    expect(none.sent).toEqual([]);
    expect(d.model.requests[0]?.toolNames).toEqual(['read_file']);
    expect(d.model.requests[0]?.input.map((i) => i.type)).toEqual([
      'message', 'function_call', 'function_call_output', 'message', 'message',
    ]);
    expect(second.screen()).toMatch(/Resumed session \S+ \(4 items\)\./);
  });

  it('exits cleanly on SIGTERM and on Ctrl-C at the prompt, closing connections', async () => {
    for (const signal of ['SIGTERM', 'SIGINT']) {
      const h = harness();
      const connections = fakeConnections([]);
      const running = h.run(deps(connections, []));
      await h.waitFor('You> ');
      h.signals.emit(signal);
      expect(await running).toBe(0);
      expect(connections.closed).toBe(1);
      expect(h.signals.listenerCount('SIGINT') + h.signals.listenerCount('SIGTERM')).toBe(0);
    }
  });

  it('stops with the config file error and exit code 1, without connecting or rewriting the file', async () => {
    const h = harness('{"mcpServers": {"bad name!": {"url": "https://x"}}}');
    let connected = false;
    const code = await h.run({ connect: async () => ((connected = true), fakeConnections([])) });
    expect(code).toBe(1);
    expect(connected).toBe(false);
    expect(h.screen()).toMatch(/^refhost: .*mcp\.json: .*\n$/);
    expect(readFileSync(path.join(h.home, '.config', 'refhost', 'mcp.json'), 'utf8')).toBe('{"mcpServers": {"bad name!": {"url": "https://x"}}}');
  });

  it('requires OPENAI_API_KEY', async () => {
    const h = harness();
    delete h.env.OPENAI_API_KEY;
    expect(await h.run({ connect: () => Promise.reject(new Error('must not connect')) })).toBe(1);
    expect(h.screen()).toBe('refhost: OPENAI_API_KEY is not set: export your OpenAI API key (refhost sends it only to OPENAI_BASE_URL)\n');
  });

  it('reports a fatal error on one line without secrets, closes connections and exits 1', async () => {
    const h = harness({ mcpServers: { docs: { url: 'https://x.example/mcp', headers: { Authorization: 'Bearer hdr-secret-9' } } } });
    const connections = fakeConnections([]);
    const code = await h.run({
      connect: async () => connections,
      createModelClient: () => {
        throw new Error('boom with hdr-secret-9 and sk-test-secret-key');
      },
    });
    expect(code).toBe(1);
    expect(h.screen()).toMatch(/refhost: fatal error: boom with \*{8} and \*{8}\n$/);
    expect(connections.closed).toBe(1);
  });
});

describe('runChat with a policy file and telemetry (POLICY-4, TELEMETRY-1)', () => {
  const config: McpConfig = { mcpServers: { docs: { url: 'http://127.0.0.1:9/mcp', headers: {} } } };

  it('stops before connecting when policy.json is invalid, naming file, server and setting', async () => {
    const h = harness(config);
    const file = path.join(h.home, '.config', 'refhost', 'policy.json');
    writeFileSync(file, JSON.stringify({ servers: { docs: { autoApprove: true } } }));
    let connected = false;
    const model = fakeModel([]);
    const code = await h.run({ connect: async () => ((connected = true), fakeConnections([tool])), createModelClient: () => model });
    expect(code).toBe(1);
    expect(h.screen()).toBe(`refhost: policy file ${file}: servers.docs.autoApprove: unknown setting (allowed: trust, denyTools, allowResources, callsPerMinute)\n`);
    expect(connected).toBe(false);
    expect(model.requests).toEqual([]);
  });

  it('refuses a denied tool without asking and writes one telemetry line per call', async () => {
    const h = harness(config);
    writeFileSync(path.join(h.home, '.config', 'refhost', 'policy.json'), JSON.stringify({ servers: { docs: { denyTools: ['sea*'] } } }));
    const connections = fakeConnections([tool]);
    const running = h.run(deps(connections, [[call(tool.exposedName, { q: 'x' })], [say('done')]]));
    await h.waitFor('You> ');
    h.input.write('hi\n');
    await h.waitFor('You> ', 2);
    h.input.end();
    expect(await running).toBe(0);
    expect(connections.sent).toEqual([]);
    expect(h.screen()).not.toContain('Approve');
    const lines = readFileSync(path.join(h.home, '.local', 'share', 'refhost', 'telemetry.jsonl'), 'utf8').trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ server: 'docs', tool: 'search', offeredName: tool.exposedName, status: 'denied', latencyMs: 0 }),
    ]);
  });
});
