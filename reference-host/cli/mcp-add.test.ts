// `refhost mcp add --transport sse` (TRANSPORT-2), driven in-process with a temp HOME.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CliError } from './cli-io.js';
import { mcpAdd } from './mcp-add.js';
import { mcpList } from './mcp-list.js';

let home: string;
let stdout: PassThrough;
const io = () => ({ env: { HOME: home }, stdin: new PassThrough() as never, stdout, stderr: new PassThrough() });
beforeEach(() => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-add-'));
  stdout = new PassThrough();
});
afterEach(() => fs.rmSync(home, { recursive: true, force: true }));

const config = () => JSON.parse(fs.readFileSync(path.join(home, '.config/refhost/mcp.json'), 'utf8')) as { mcpServers: Record<string, unknown> };

describe('mcp add --transport', () => {
  it('stores "type": "sse" for the legacy transport and nothing for Streamable HTTP', async () => {
    await mcpAdd('old', { url: 'https://old.example/sse', transport: 'sse', header: [], env: [] }, [], io());
    await mcpAdd('new', { url: 'https://new.example/mcp', transport: 'http', header: [], env: [] }, [], io());
    expect(config().mcpServers).toEqual({ old: { url: 'https://old.example/sse', headers: {}, type: 'sse' }, new: { url: 'https://new.example/mcp', headers: {} } });
    expect(String(stdout.read())).toContain('Added MCP server old: https://old.example/sse (legacy HTTP+SSE transport)');
    mcpList(io());
    expect(String(stdout.read())).toContain('old: https://old.example/sse  transport: sse\n');
  });

  it('refuses --transport for a stdio server', async () => {
    await expect(mcpAdd('local', { transport: 'sse', header: [], env: [] }, ['node', 'x.js'], io())).rejects.toThrow(CliError);
  });
});
