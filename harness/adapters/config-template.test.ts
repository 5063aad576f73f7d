import { describe, expect, test } from 'vitest';
import { configDocument, ConfigTemplateSchema, readConfigNames, renderConfig, type ConfigTemplate } from './config-template.js';
import { HostProfileSchema } from './profile-schema.js';

const servers = {
  docs: { url: 'http://127.0.0.1:1/mcp', headers: { Authorization: 'Bearer t' } },
  legacy: { url: 'http://127.0.0.1:2/sse', headers: {}, type: 'sse' as const },
  local: { command: '/usr/bin/node', args: ['fake.js', '--x'], env: { TOKEN: 'v' } },
};
const template = (raw: unknown) => ConfigTemplateSchema.parse(raw);
const configDocumentOf = (t: ConfigTemplate) => configDocument(t, { docs: servers.docs });

describe('config templates', () => {
  test('the common mcpServers file, an SSE server marked as such, as the profile shorthand says', () => {
    const profile = HostProfileSchema.shape.config.parse({ format: 'mcp-servers-json', path: '{configHome}/x/mcp.json' });
    expect(JSON.parse(renderConfig(profile, servers))).toEqual({
      mcpServers: {
        docs: { url: 'http://127.0.0.1:1/mcp', headers: { Authorization: 'Bearer t' } },
        legacy: { type: 'sse', url: 'http://127.0.0.1:2/sse', headers: {} },
        local: { command: '/usr/bin/node', args: ['fake.js', '--x'], env: { TOKEN: 'v' } },
      },
    });
  });

  test("a list of entries at a key path, the host's own field names, a transport field, the command line as one array, constant fields, the rest of the document", () => {
    const t = template({
      at: 'mcp.servers',
      layout: 'list',
      fields: { command: 'cmd', args: null, env: 'environment', url: 'endpoint', transport: { field: 'kind', stdio: 'local', http: 'remote' } },
      constant: { enabled: true },
      base: { model: 'm1' },
    });
    const doc = JSON.parse(renderConfig(t, { docs: servers.docs, local: servers.local }));
    expect(doc).toEqual({
      model: 'm1',
      mcp: {
        servers: [
          { name: 'docs', enabled: true, kind: 'remote', endpoint: 'http://127.0.0.1:1/mcp', headers: { Authorization: 'Bearer t' } },
          { name: 'local', enabled: true, kind: 'local', cmd: ['/usr/bin/node', 'fake.js', '--x'], environment: { TOKEN: 'v' } },
        ],
      },
    });
    expect(readConfigNames(t, JSON.stringify(doc), 'f')).toEqual({ servers: ['docs', 'local'] });
  });

  test('headers one level down in the entry, under a key path of the host\'s own ("requestOptions.headers")', () => {
    const t = template({
      format: 'yaml',
      layout: 'list',
      fields: { headers: 'requestOptions.headers', transport: { field: 'type', http: 'streamable-http' } },
    });
    expect(JSON.parse(JSON.stringify(configDocumentOf(t)))).toEqual({
      mcpServers: [{ name: 'docs', type: 'streamable-http', url: 'http://127.0.0.1:1/mcp', requestOptions: { headers: { Authorization: 'Bearer t' } } }],
    });
  });

  test.each(['yaml', 'toml'] as const)('%s documents are written and read back', (format) => {
    const t = template({ format, at: 'tools.mcp' });
    const text = renderConfig(t, servers);
    expect(readConfigNames(t, text, 'f')).toEqual({ servers: ['docs', 'legacy', 'local'] });
  });

  test('reading back: no collection holds no server; a broken or reshaped file is a problem, not an exception', () => {
    const t = template({ at: 'mcp.servers', layout: 'list' });
    expect(readConfigNames(t, '{}', 'f')).toEqual({ servers: [] });
    expect(readConfigNames(t, '{"mcp":{"servers":{"a":{}}}}', 'f')).toEqual({ problem: 'f: "mcp.servers" is not a list of servers' });
    expect(readConfigNames(t, '{"mcp":{"servers":[{"id":"a"}]}}', 'f')).toEqual({ problem: 'f: an entry of "mcp.servers" has no "name"' });
    expect(readConfigNames(template({ format: 'toml' }), 'a = [', 'f')).toMatchObject({ problem: expect.stringMatching(/^f is no longer valid TOML/) });
  });

  test('a key path that is not keys joined by dots is refused', () => {
    expect(() => template({ at: 'mcp..servers' })).toThrow(/keys joined by dots/);
  });
});
