import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { afterEach, describe, expect, it } from 'vitest';
import { providerOverride, readTomlServerNames, renderCodexConfig, timeoutOverrides, tomlString, writeCodexConfig, type CodexConfig } from './config-toml.js';
import { findCodex } from './locate-codex.js';

const AWKWARD = 'a"b\\c\nd\te\u0001f\u007fg ü 🙂';

const config: CodexConfig = {
  provider: { modelUrl: 'http://127.0.0.1:4000/v1', apiKeyEnvVar: 'MHC_MODEL_KEY' },
  servers: {
    [`odd "name"`]: { command: '/bin/echo', args: [AWKWARD, ''], env: { [`K"1`]: AWKWARD } },
    web: { url: 'http://127.0.0.1:9/mcp', headers: { 'X-Trace': 'v"1' }, bearerTokenEnvVar: 'WEB_TOKEN' },
  },
  startupTimeoutMs: 250,
  toolTimeoutMs: 1500,
};

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('config.toml for Codex', () => {
  it('escapes quotes, backslashes and control characters in TOML strings', () => {
    expect(tomlString(AWKWARD)).toBe('"a\\"b\\\\c\\nd\\te\\u0001f\\u007fg ü 🙂"');
  });

  it('points the only provider at the mock model with retries off and deadlines in seconds', () => {
    const text = renderCodexConfig(config);
    expect(text).toContain('model_provider = "mock"\n');
    expect(text).toContain(
      '[model_providers.mock]\nname = "mcp-host-conformance mock model"\nbase_url = "http://127.0.0.1:4000/v1"\nenv_key = "MHC_MODEL_KEY"\nwire_api = "responses"\nrequest_max_retries = 0\nstream_max_retries = 0\n',
    );
    expect(text).toContain('startup_timeout_sec = 0.25\ntool_timeout_sec = 1.5\n');
    expect(text).toContain('plugins = false\n');
  });

  it('gives the provider and per-server deadlines as -c overrides when they are known only at start', () => {
    expect(providerOverride({ modelUrl: 'http://127.0.0.1:5/v1', apiKeyEnvVar: 'K' })).toBe(
      'model_providers.mock={ name = "mcp-host-conformance mock model", base_url = "http://127.0.0.1:5/v1", env_key = "K", wire_api = "responses", request_max_retries = 0, stream_max_retries = 0 }',
    );
    expect(timeoutOverrides(['web-1'], { toolTimeoutMs: 300 })).toEqual(['mcp_servers.web-1.tool_timeout_sec=0.3']);
    expect(() => timeoutOverrides(['a.b'], { toolTimeoutMs: 300 })).toThrow('server name "a.b" cannot take a deadline override');
    expect(timeoutOverrides(['a.b'], {})).toEqual([]);
    expect(renderCodexConfig({ servers: {} })).not.toContain('[model_providers');
  });

  it('switches on the features a row enables in [features], beside the ones it turns off', () => {
    const text = renderCodexConfig({ servers: {}, enabledFeatures: ['mcp_2026_07_28'] });
    expect(text).toMatch(/\[features\]\n(?:[a-z_]+ = false\n)+mcp_2026_07_28 = true\n/);
    expect(parseToml(text)['features']).toMatchObject({ mcp_2026_07_28: true, plugins: false });
    expect(renderCodexConfig({ servers: {} })).not.toContain('= true');
  });

  it('writes the file readable by its owner only', () => {
    const home = mkdtempSync(join(tmpdir(), 'codex-toml-'));
    dirs.push(home);
    const file = writeCodexConfig(join(home, 'codex'), config);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it.skipIf(findCodex() === null)('is read back by Codex itself with every value intact (needs `npm run hosts:install -- codex`)', () => {
    const home = mkdtempSync(join(tmpdir(), 'codex-toml-'));
    dirs.push(home);
    writeCodexConfig(home, config);
    const bin = findCodex()?.path ?? '';
    const out = execFileSync(bin, ['mcp', 'list', '--json'], {
      env: { PATH: process.env['PATH'], HOME: home, CODEX_HOME: home },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const servers = JSON.parse(out) as { name: string; transport: Record<string, unknown>; startup_timeout_sec: number; tool_timeout_sec: number }[];
    const byName = Object.fromEntries(servers.map((s) => [s.name, s]));
    expect(byName['odd "name"']?.transport).toMatchObject({ type: 'stdio', command: '/bin/echo', args: [AWKWARD, ''], env: { 'K"1': AWKWARD } });
    expect(byName['web']?.transport).toMatchObject({
      type: 'streamable_http',
      url: 'http://127.0.0.1:9/mcp',
      bearer_token_env_var: 'WEB_TOKEN',
      http_headers: { 'X-Trace': 'v"1' },
    });
    expect(byName['web']).toMatchObject({ startup_timeout_sec: 0.25, tool_timeout_sec: 1.5 });
  });
});

describe('reading server names back from config.toml', () => {
  it('finds the servers we write, odd names included, and not their sub-tables', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mhc-toml-names-'));
    try {
      const file = join(dir, 'config.toml');
      writeFileSync(file, `${renderCodexConfig(config)}\n[mcp_servers.added]\nurl = "https://x"\n[mcp_servers.added.env]\nK = "v"\n`);
      expect(readTomlServerNames(file)).toEqual({ servers: ['odd "name"', 'web', 'added'] });
      expect(readTomlServerNames(join(dir, 'missing.toml'))).toEqual({ servers: [] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads servers written as dotted keys or inline tables, not headers inside comments or strings', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mhc-toml-names-'));
    try {
      const file = join(dir, 'config.toml');
      writeFileSync(
        file,
        'mcp_servers.dotted.command = "x"\n# [mcp_servers.commented]\nnote = """\n[mcp_servers.in_string]\n"""\n[mcp_servers.inline]\nurl = "https://x"\n',
      );
      expect(readTomlServerNames(file)).toEqual({ servers: ['dotted', 'inline'] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports a file that is no longer TOML, or whose mcp_servers is not a table, as a problem', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mhc-toml-names-'));
    try {
      const file = join(dir, 'config.toml');
      writeFileSync(file, '[mcp_servers.broken\n');
      expect(readTomlServerNames(file)).toEqual({ problem: expect.stringMatching(/^.*config\.toml is no longer valid TOML \(Invalid TOML document: .+\)$/) });
      writeFileSync(file, 'mcp_servers = "none"\n');
      expect(readTomlServerNames(file)).toEqual({ problem: `${file}: mcp_servers is not a table` });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
