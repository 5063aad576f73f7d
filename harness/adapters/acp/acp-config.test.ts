import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../sandbox/sandbox.js';
import { acpValues } from './acp-adapter.js';
import { readFileServers, serversForAgent, toAcpServer, writeAcpConfig } from './acp-config.js';
import { parseAcpProfile } from './acp-profile.js';

const servers = {
  notes: { command: '/bin/notes', args: ['--fast'], env: { K: 'v' } },
  docs: { url: 'https://docs.example/mcp', headers: { Authorization: 'Bearer t' } },
};

let sandbox: Sandbox | undefined;
afterEach(() => sandbox?.cleanup());

describe('ACP server placement', () => {
  it('holds back a server whose transport the agent says it lacks, and only on an explicit false', () => {
    const list = [
      toAcpServer('notes', servers.notes),
      toAcpServer('docs', servers.docs),
      toAcpServer('legacy', { url: 'https://old.example/sse', headers: {}, type: 'sse' }),
    ];
    expect(serversForAgent(list, { http: true, sse: false })).toEqual({ passed: list.slice(0, 2), held: [{ name: 'legacy', transport: 'sse' }] });
    expect(serversForAgent(list, { http: false }).held).toEqual([{ name: 'docs', transport: 'http' }]);
    expect(serversForAgent(list, undefined)).toEqual({ passed: list, held: [] });
  });

  it('session/new carries stdio and HTTP servers in ACP shape', () => {
    expect(toAcpServer('notes', servers.notes)).toEqual({ name: 'notes', command: '/bin/notes', args: ['--fast'], env: [{ name: 'K', value: 'v' }] });
    expect(toAcpServer('docs', servers.docs)).toEqual({
      type: 'http',
      name: 'docs',
      url: 'https://docs.example/mcp',
      headers: [{ name: 'Authorization', value: 'Bearer t' }],
    });
  });

  it('a config file gets one entry per server from its transport template, merged into the settings file of that path', () => {
    sandbox = createSandbox('acp-config');
    const { profile } = parseAcpProfile(
      {
        name: 'x',
        install: 'x',
        package: 'x',
        bin: 'x',
        settings: [
          { path: '{configHome}/opencode/opencode.json', json: { model: 'mock/mock-model', provider: { mock: { options: { baseURL: '{modelUrl}' } } } } },
        ],
        mcpServers: {
          in: 'file',
          path: '{configHome}/opencode/opencode.json',
          key: 'mcp',
          stdio: { type: 'local', command: '{commandLine}', environment: '{env}' },
          http: { type: 'remote', url: '{url}', headers: '{headers}' },
        },
      },
      'p.json',
    );
    const values = acpValues(sandbox, { modelUrl: 'http://127.0.0.1:5/v1', apiKey: 'k' });
    expect(writeAcpConfig(profile, servers, values)).toEqual([]);
    const written = JSON.parse(readFileSync(`${sandbox.configHome}/opencode/opencode.json`, 'utf8'));
    expect(written).toEqual({
      model: 'mock/mock-model',
      provider: { mock: { options: { baseURL: 'http://127.0.0.1:5/v1' } } },
      mcp: {
        notes: { type: 'local', command: ['/bin/notes', '--fast'], environment: { K: 'v' } },
        docs: { type: 'remote', url: 'https://docs.example/mcp', headers: { Authorization: 'Bearer t' } },
      },
    });
    expect(readFileServers(profile.mcpServers as Extract<typeof profile.mcpServers, { in: 'file' }>, values)).toEqual({ servers: ['notes', 'docs'] });
  });

  it('a settings file gets its per-server entries for each configured server, merged with what it holds under that key', () => {
    sandbox = createSandbox('acp-config');
    const { profile } = parseAcpProfile(
      {
        name: 'x',
        install: 'x',
        package: 'x',
        bin: 'x',
        settings: [{ path: '{home}/o.json', json: { permission: { edit: 'ask' } }, perServer: { key: 'permission', entries: { '{name}_*': 'ask' } } }],
      },
      'p.json',
    );
    writeAcpConfig(profile, servers, acpValues(sandbox));
    expect(JSON.parse(readFileSync(`${sandbox.home}/o.json`, 'utf8'))).toEqual({ permission: { edit: 'ask', 'notes_*': 'ask', 'docs_*': 'ask' } });
  });
});
