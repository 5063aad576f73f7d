import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigFileError, readMcpConfig, writeMcpConfig } from './mcp-config-file.js';
import type { McpConfig } from './schema.js';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'refhost-config-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const sample: McpConfig = {
  mcpServers: {
    docs: { url: 'https://docs.example/mcp', headers: { Authorization: 'Bearer s3cret' } },
    fs: { command: 'node', args: ['server.js'], env: { TOKEN: 't0ken' } },
  },
};

function readError(file: string): ConfigFileError {
  try {
    readMcpConfig(file);
  } catch (error) {
    if (error instanceof ConfigFileError) return error;
    throw error;
  }
  throw new Error('expected a ConfigFileError');
}

describe('readMcpConfig', () => {
  it('treats a missing file as an empty configuration', () => {
    expect(readMcpConfig(path.join(dir, 'missing.json'))).toEqual({ mcpServers: {} });
  });

  it('reads back what writeMcpConfig wrote, in configuration order', () => {
    const file = path.join(dir, 'mcp.json');
    writeMcpConfig(file, sample);
    const back = readMcpConfig(file);
    expect(back).toEqual(sample);
    expect(Object.keys(back.mcpServers)).toEqual(['docs', 'fs']);
  });

  it.each([
    ['malformed JSON', '{"mcpServers": {', /is not valid JSON/],
    ['an empty url', '{"mcpServers": {"docs": {"url": ""}}}', /mcpServers\.docs\.url: url must not be empty/],
    ['a bad server name', '{"mcpServers": {"bad name": {"command": "x"}}}', /mcpServers\.bad name: server names use/],
    ['a non-string argument', '{"mcpServers": {"s": {"command": "x", "args": [1]}}}', /mcpServers\.s\.args\.0: .*expected string/],
    ['an entry that is neither kind', '{"mcpServers": {"s": {}}}', /mcpServers\.s: expected either \{"url"/],
    ['an unknown key', '{"mcpServers": {"s": {"url": "https://x", "extra": 1}}}', /mcpServers\.s: Unrecognized key: "extra"/],
    ['a bad header name', '{"mcpServers": {"s": {"url": "https://x", "headers": {"A B": "v"}}}}', /mcpServers\.s\.headers\.A B: header names are HTTP tokens/],
    ['a missing mcpServers', '{}', /mcpServers: .*expected record/],
  ])('names the file and the problem for %s and leaves the file byte-identical', (_label, text, problem) => {
    const file = path.join(dir, 'mcp.json');
    fs.writeFileSync(file, text, { mode: 0o644 });
    const before = fs.statSync(file);
    const error = readError(file);
    expect(error.message.startsWith(`${file}: `)).toBe(true);
    expect(error.message).toMatch(problem);
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
    expect(fs.statSync(file).mtimeMs).toBe(before.mtimeMs);
    expect(fs.statSync(file).mode & 0o777).toBe(0o644);
  });

  it('never quotes a header value in its error', () => {
    const file = path.join(dir, 'mcp.json');
    fs.writeFileSync(file, JSON.stringify({ mcpServers: { s: { url: 'https://x', headers: { A: 'sec\nret' } } } }));
    const error = readError(file);
    expect(error.message).toMatch(/headers\.A: header values may not contain control characters/);
    expect(error.message).not.toContain('sec');
  });

  it('reports an unreadable path as an error instead of an empty configuration', () => {
    const error = readError(dir); // a directory
    expect(error.message).toBe(`${dir}: cannot be read (EISDIR)`);
  });
});

describe('writeMcpConfig', () => {
  it('creates the directory 0700 and the file 0600, leaving no temp file behind', () => {
    const file = path.join(dir, 'nested', 'refhost', 'mcp.json');
    writeMcpConfig(file, sample);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['mcp.json']);
  });

  it('replaces an existing file by rename (a new inode) and makes it 0600', () => {
    const file = path.join(dir, 'mcp.json');
    fs.writeFileSync(file, '{"mcpServers": {}}', { mode: 0o644 });
    const before = fs.statSync(file).ino;
    writeMcpConfig(file, sample);
    const after = fs.statSync(file);
    expect(after.ino).not.toBe(before);
    expect(after.mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual(sample);
  });

  it('leaves the old file intact and no temp file when the write fails', () => {
    const file = path.join(dir, 'mcp.json');
    writeMcpConfig(file, sample);
    const text = fs.readFileSync(file, 'utf8');
    fs.mkdirSync(path.join(dir, 'blocker'));
    // Renaming a file over a non-empty directory fails after the temp file was written.
    fs.writeFileSync(path.join(dir, 'blocker', 'x'), '');
    expect(() => writeMcpConfig(path.join(dir, 'blocker'), sample)).toThrow(ConfigFileError);
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
    expect(fs.readdirSync(dir).sort()).toEqual(['blocker', 'mcp.json']);
  });
});
