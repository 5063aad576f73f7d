// The built refhost binary driven as a child process, with HOME/XDG pointing at a temp
// dir and credential values piped on stdin. Needs a fresh build: npx tsc -p tsconfig.build.json
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa, type ResultPromise } from 'execa';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { requireBuilt } from '../../harness/vitest/require-built.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = path.join(ROOT, 'bin/refhost.js');

// bin/refhost.js runs the bundle: a stale one would test an older CLI.
beforeAll(() => requireBuilt('dist/refhost.mjs', ['reference-host']));

let home: string;
let running: ResultPromise[] = [];
beforeEach(() => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'refhost-cli-'));
});
afterEach(async () => {
  for (const child of running) {
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  await Promise.allSettled(running);
  running = [];
  fs.rmSync(home, { recursive: true, force: true });
});

async function refhost(args: string[], input = '', extraEnv: Record<string, string> = {}) {
  const child = execa(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: home, ...extraEnv },
    extendEnv: false,
    input,
    reject: false,
    stripFinalNewline: false,
    timeout: 20_000,
    detached: true, // own process group, killed as a whole in afterEach
  });
  running.push(child);
  const result = await child;
  return { code: result.exitCode, stdout: String(result.stdout), stderr: String(result.stderr) };
}

const configFile = (): string => path.join(home, '.config/refhost/mcp.json');
const readConfig = (): { mcpServers: Record<string, Record<string, unknown>> } => JSON.parse(fs.readFileSync(configFile(), 'utf8'));

function expectOneLineError(stderr: string, pattern: RegExp): void {
  const lines = stderr.trimEnd().split('\n');
  expect(lines.at(-1)).toMatch(pattern);
  expect(stderr).not.toMatch(/^\s+at /m); // no stack trace
}

describe('refhost mcp add', () => {
  it('adds a remote server with a header whose value is stored 0600 and never printed', async () => {
    const result = await refhost(['mcp', 'add', 'docs', '--url', 'https://docs.example/mcp', '--header', 'Authorization', '--header', 'X-Api-Key'], 'Bearer sk-SECRET-1\nSECRET-2\n');
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('Value for header Authorization: ');
    expect(result.stderr).toContain('Value for header X-Api-Key: ');
    for (const out of [result.stdout, result.stderr]) expect(out).not.toMatch(/SECRET/);
    expect(fs.statSync(configFile()).mode & 0o777).toBe(0o600);
    expect(readConfig().mcpServers.docs).toEqual({ url: 'https://docs.example/mcp', headers: { Authorization: 'Bearer sk-SECRET-1', 'X-Api-Key': 'SECRET-2' } });
  });

  it('adds a stdio server keeping shell syntax in its arguments literally', async () => {
    const args = ['srv.js', '$(id); rm *', 'a|b', '>out', '--', '--url', 'x'];
    const result = await refhost(['mcp', 'add', 'fs', '--env', 'API_TOKEN', '--', 'node', ...args], 'tok-SECRET\n');
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('Value for env API_TOKEN: ');
    expect(result.stdout + result.stderr).not.toContain('tok-SECRET');
    expect(readConfig().mcpServers.fs).toEqual({ command: 'node', args, env: { API_TOKEN: 'tok-SECRET' } });
  });

  it('honours XDG_CONFIG_HOME', async () => {
    const xdg = path.join(home, 'xdg');
    const result = await refhost(['mcp', 'add', 'local', '--url', 'http://127.0.0.1:9/mcp'], '', { XDG_CONFIG_HOME: xdg });
    expect(result.code).toBe(0);
    expect(fs.existsSync(path.join(xdg, 'refhost/mcp.json'))).toBe(true);
    expect(fs.existsSync(configFile())).toBe(false);
  });

  it.each([
    ['plain http to a non-loopback host', ['mcp', 'add', 'docs', '--url', 'http://docs.example/mcp'], /^refhost: refusing the URL for server docs: plain http is allowed only for localhost and loopback addresses; use https$/],
    ['a bad server name', ['mcp', 'add', 'bad/name', '--url', 'https://x.example'], /^refhost: invalid server name "bad\/name": use letters/],
    ['an unknown flag', ['mcp', 'add', 'docs', '--url', 'https://x.example', '--bogus'], /^refhost: unknown option '--bogus'/],
    ['both a URL and a command', ['mcp', 'add', 'docs', '--url', 'https://x.example', '--', 'node'], /^refhost: give either --url URL or -- COMMAND/],
    ['a value typed into a header name', ['mcp', 'add', 'docs', '--url', 'https://x.example', '--header', 'Authorization: Bearer SECRET'], /^refhost: invalid header name: /],
  ])('refuses %s with exit code 2, one line and no file written', async (_label, args, message) => {
    const result = await refhost(args, 'SECRET\n');
    expect(result.code).toBe(2);
    expectOneLineError(result.stderr, message);
    expect(result.stderr).not.toContain('SECRET');
    expect(result.stdout).toBe('');
    expect(fs.existsSync(configFile())).toBe(false);
  });

  it('refuses a duplicate name and leaves the file as it was', async () => {
    expect((await refhost(['mcp', 'add', 'docs', '--url', 'https://a.example/mcp'])).code).toBe(0);
    const before = fs.readFileSync(configFile(), 'utf8');
    const result = await refhost(['mcp', 'add', 'docs', '--url', 'https://b.example/mcp']);
    expect(result.code).toBe(1);
    expectOneLineError(result.stderr, /^refhost: an MCP server named docs already exists/);
    expect(fs.readFileSync(configFile(), 'utf8')).toBe(before);
  });

  it('adds nothing when input ends before a value', async () => {
    const result = await refhost(['mcp', 'add', 'docs', '--url', 'https://a.example/mcp', '--header', 'Authorization'], '');
    expect(result.code).toBe(1);
    expectOneLineError(result.stderr, /^refhost: no value for header Authorization: end of input/);
    expect(fs.existsSync(configFile())).toBe(false);
  });

  it('reports a malformed configuration file by name and leaves it byte-identical', async () => {
    fs.mkdirSync(path.dirname(configFile()), { recursive: true });
    const text = '{"mcpServers": {"docs": {"url": ""}}}';
    fs.writeFileSync(configFile(), text);
    const result = await refhost(['mcp', 'add', 'other', '--url', 'https://a.example/mcp']);
    expect(result.code).toBe(1);
    expectOneLineError(result.stderr, new RegExp(`^refhost: ${configFile().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: mcpServers\\.docs\\.url: url must not be empty$`));
    expect(fs.readFileSync(configFile(), 'utf8')).toBe(text);
  });

  it('never connects to the server it adds', async () => {
    let connections = 0;
    const server = http.createServer((_req, res) => res.end());
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
      expect((await refhost(['mcp', 'add', 'local', '--url', url, '--header', 'Authorization'], 'SECRET\n')).code).toBe(0);
      expect((await refhost(['mcp', 'list'])).code).toBe(0);
      // Connections are accepted in order: once our own probe is in, any earlier one from refhost would be too.
      await fetch(url);
      expect(connections).toBe(1);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('refhost mcp list and remove', () => {
  it('lists destinations with every value hidden, and removes a server', async () => {
    await refhost(['mcp', 'add', 'docs', '--url', 'https://docs.example/mcp', '--header', 'Authorization'], 'Bearer SECRET-A\n');
    await refhost(['mcp', 'add', 'fs', '--env', 'TOKEN', '--', 'node', 'srv.js', '$(id)'], 'SECRET-B\n');
    const list = await refhost(['mcp', 'list']);
    expect(list.code).toBe(0);
    expect(list.stdout).toBe('docs: https://docs.example/mcp  headers: Authorization=********\nfs: node srv.js "$(id)"  env: TOKEN=********\n');

    const removed = await refhost(['mcp', 'remove', 'docs']);
    expect(removed.code).toBe(0);
    expect(Object.keys(readConfig().mcpServers)).toEqual(['fs']);
    expect(fs.statSync(configFile()).mode & 0o777).toBe(0o600);

    const missing = await refhost(['mcp', 'remove', 'docs']);
    expect(missing.code).toBe(1);
    expectOneLineError(missing.stderr, /^refhost: no MCP server named "docs"/);
  });

  it('says so when nothing is configured', async () => {
    const list = await refhost(['mcp', 'list']);
    expect(list.stdout).toMatch(/^No MCP servers configured/);
  });
});

describe('refhost sessions', () => {
  it('lists sessions newest first with neutralised titles', async () => {
    const dir = path.join(home, 'data/refhost/sessions');
    fs.mkdirSync(dir, { recursive: true });
    const write = (id: string, title: string, mtime: string): void => {
      const file = path.join(dir, `${id}.jsonl`);
      const lines = [{ type: 'session', version: 2, id, createdAt: mtime }, { type: 'message', role: 'user', content: title }];
      fs.writeFileSync(file, lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
      fs.utimesSync(file, new Date(mtime), new Date(mtime));
    };
    write('20250101T000000000Z-aaaaaaaa', 'older question', '2025-01-01T00:00:00Z');
    write('20250201T000000000Z-bbbbbbbb', 'newer\u001b[31m red\nsecond line', '2025-02-01T00:00:00Z');
    const result = await refhost(['sessions'], '', { XDG_DATA_HOME: path.join(home, 'data') });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      '20250201T000000000Z-bbbbbbbb  2025-02-01T00:00:00Z  newer\\x1b[31m red second line\n' +
        '20250101T000000000Z-aaaaaaaa  2025-01-01T00:00:00Z  older question\n',
    );
  });
});
