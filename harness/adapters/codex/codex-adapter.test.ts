// The Codex adapter end to end, as the runner uses it: config in the sandbox, the transcript
// screen, approvals answered by the scripted user, outputs classified from the model journal.
import { readFileSync } from 'node:fs';
import { parse as parseToml } from 'smol-toml';
import { afterEach, describe, expect, it } from 'vitest';
import { startHttpFakeServer } from '../../../fake-servers/mcp/http-server.js';
import { startMockModel } from '../../../fake-servers/model/mock-model.js';
import { createSandbox } from '../../sandbox/sandbox.js';
import type { HostSession } from '../host-adapter.js';
import { CODEX_ROWS, createCodexAdapter, toCodexServers } from './codex-adapter.js';
import { findCodex } from './locate-codex.js';

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('mapping servers to Codex', () => {
  it('moves a bearer token into the environment and keeps other headers literal', () => {
    const mapped = toCodexServers({
      s: { command: 'node', args: ['x'], env: { A: '1' } },
      h: { url: 'http://127.0.0.1:1/mcp', headers: { authorization: 'Bearer t0k', 'X-A': 'b' } },
    });
    expect(mapped.servers).toEqual({
      s: { command: 'node', args: ['x'], env: { A: '1' } },
      h: { url: 'http://127.0.0.1:1/mcp', headers: { 'X-A': 'b' }, bearerTokenEnvVar: 'MHC_CODEX_BEARER_1' },
    });
    expect(mapped.env).toEqual({ MHC_CODEX_BEARER_1: 't0k' });
  });

  it("adds a row's stdio variables to stdio servers only, the server's own winning", () => {
    const mapped = toCodexServers(
      { s: { command: 'node', args: [], env: { A: '1', B: 'own' } }, h: { url: 'http://127.0.0.1:1/mcp', headers: {} } },
      { CODEX_MCP_PROTOCOL_VERSION: '2026-07-28', B: 'row' },
    );
    expect(mapped.servers).toEqual({
      s: { command: 'node', args: [], env: { CODEX_MCP_PROTOCOL_VERSION: '2026-07-28', A: '1', B: 'own' } },
      h: { url: 'http://127.0.0.1:1/mcp', headers: {} },
    });
  });
});

describe('the Codex rows', () => {
  it('are one adapter: codex-mcp2026 writes the 2026-07-28 feature and the stdio opt-in into config.toml, codex neither', () => {
    const sandbox = createSandbox('codex-rows');
    cleanups.push(() => sandbox.cleanup());
    const servers = { s: { command: 'node', args: ['x'], env: {} }, h: { url: 'http://127.0.0.1:1/mcp', headers: {} } };
    const modern = createCodexAdapter({ row: 'codex-mcp2026' });
    expect([modern.name, modern.selector]).toEqual(['codex-mcp2026', 'codex-mcp2026']);
    modern.config.write(sandbox, servers);
    const written = parseToml(readFileSync(modern.config.files(sandbox)[0] ?? '', 'utf8'));
    expect(written['features']).toMatchObject({ mcp_2026_07_28: true });
    expect(written['mcp_servers']).toEqual({
      s: { command: 'node', args: ['x'], env: { CODEX_MCP_PROTOCOL_VERSION: '2026-07-28' } },
      h: { url: 'http://127.0.0.1:1/mcp' },
    });

    const plain = createCodexAdapter();
    expect([plain.name, plain.selector]).toEqual(['codex', 'codex']);
    plain.config.write(sandbox, servers);
    const text = readFileSync(plain.config.files(sandbox)[0] ?? '', 'utf8');
    expect(text).not.toContain('mcp_2026_07_28');
    expect(text).not.toContain('CODEX_MCP_PROTOCOL_VERSION');
    expect(Object.keys(CODEX_ROWS)).toEqual(['codex', 'codex-mcp2026']);
    expect(() => createCodexAdapter({ row: 'codex-nope' })).toThrow('no Codex row named codex-nope');
  });
});

describe.skipIf(findCodex() === null)('the Codex adapter against the real Codex CLI (needs `npm run hosts:install -- codex`)', () => {
  it('shows status lines, asks per call, and reports approved and declined calls to the model', async () => {
    const sandbox = createSandbox('codex-adapter');
    cleanups.push(() => sandbox.cleanup());
    const mcp = await startHttpFakeServer({ tools: [{ name: 'echo', description: 'Echo' }] });
    cleanups.push(() => mcp.close());
    const model = await startMockModel({
      apiKey: 'sk-codex-adapter',
      script: [
        { calls: [{ server: 'web', tool: 'echo', arguments: { n: 1 } }] },
        { calls: [{ server: 'web', tool: 'echo', arguments: { n: 2 } }] },
        { message: 'all done' },
      ],
    });
    cleanups.push(() => model.close());
    const adapter = createCodexAdapter();
    expect(await adapter.version()).toMatch(/^codex-cli \d+\.\d+\.\d+$/);
    adapter.config.write(sandbox, { web: { url: mcp.url, headers: { Authorization: 'Bearer secret-123' } } });
    expect(readFileSync(adapter.config.files(sandbox)[0] ?? '', 'utf8')).not.toContain('secret-123');

    const session: HostSession = await adapter.start(sandbox, {
      modelUrl: model.baseUrl,
      apiKey: 'sk-codex-adapter',
      knobs: { callTimeoutMs: 5000 },
      resume: false,
    });
    cleanups.push(() => session.kill());
    expect(await session.waitForPrompt(20_000)).toBe(true);
    expect(session.screen().stdout).toMatch(adapter.reading.statusLine);
    expect(session.screen().stdout).toContain('mcp server "web": ready');

    session.send('please echo');
    const first = await session.waitForApproval(20_000);
    expect(first?.fields).toEqual({ server: 'web', tool: 'echo', arguments: '{"n":1}' });
    expect(mcp.journal.toolCalls()).toEqual([]);
    session.answer('approve');
    const second = await session.waitForApproval(20_000);
    expect(second?.fields.arguments).toBe('{"n":2}');
    session.answer('deny');
    expect(await session.waitForPrompt(20_000)).toBe(true);
    expect(session.screen().stdout).toContain('assistant: all done');

    expect(mcp.journal.toolCalls().map((c) => c.arguments)).toEqual([{ n: 1 }]);
    const auth = mcp.journal.entries().flatMap((e) => (e.kind === 'http-request' ? [e.headers['authorization']] : []));
    expect(new Set(auth)).toEqual(new Set(['Bearer secret-123']));
    const outputs = model.journal
      .requests()
      .at(-1)
      ?.functionCallOutputs.map((o) => adapter.reading.classifyOutput(o.output));
    expect(outputs).toEqual(['completed', 'denied']);

    session.end('eof');
    expect(await session.exited).toEqual({ code: 0, signal: null });
  }, 60_000);
});
