import { describe, expect, it } from 'vitest';
import { collectPages } from './discovery.js';
import { isOfferedUri, mapReadResult, RESOURCE_LIST, templateMatches } from './resources.js';
import type { McpResource, McpResourceTemplate } from './types.js';

const resource = (server: string, uri: string): McpResource => ({ server, uri, name: uri, description: undefined, mimeType: undefined });
const template = (server: string, uriTemplate: string): McpResourceTemplate => ({ server, uriTemplate, name: 't', description: undefined });

describe('isOfferedUri', () => {
  const resources = [resource('docs', 'notes://a')];
  const templates = [template('docs', 'notes://day/{date}')];

  it('accepts a URI the server listed and one its template matches', () => {
    expect(isOfferedUri(resources, templates, 'docs', 'notes://a')).toBe(true);
    expect(isOfferedUri(resources, templates, 'docs', 'notes://day/2024-01-01')).toBe(true);
  });

  it('refuses unlisted URIs, other servers and template matches that cross a path segment', () => {
    expect(isOfferedUri(resources, templates, 'docs', 'notes://b')).toBe(false);
    expect(isOfferedUri(resources, templates, 'other', 'notes://a')).toBe(false);
    expect(isOfferedUri(resources, templates, 'docs', 'notes://day/x/../../secret')).toBe(false);
  });

  it('treats a template it cannot parse as matching nothing', () => {
    expect(templateMatches('notes://{unclosed', 'notes://{unclosed')).toBe(false);
  });
});

describe('mapReadResult', () => {
  it('keeps text, omits blobs with a note and caps the whole at 64 KiB', () => {
    const mixed = mapReadResult({ contents: [{ uri: 'notes://a', text: 'hello' }, { uri: 'notes://logo', blob: 'iVBORw0KGgo=' }] });
    expect(mixed).toEqual({ status: 'completed', output: '[resource notes://a]\nhello\n[binary resource omitted: notes://logo]' });
    const big = mapReadResult({ contents: [{ uri: 'notes://big', text: 'x'.repeat(70_000) }] });
    expect(big.status).toBe('output_limit');
    expect(Buffer.byteLength(big.output)).toBeLessThanOrEqual(64 * 1024);
  });

  it('fails an answer that is not a read result', () => {
    expect(mapReadResult({ nothing: true }).status).toBe('failed');
  });
});

describe('RESOURCE_LIST', () => {
  it('pages resources under the same bounds as tools', async () => {
    const many = Array.from({ length: 129 }, (_, i) => ({ uri: `notes://${i}`, name: `n${i}` }));
    expect(await collectPages(async () => ({ resources: many }), RESOURCE_LIST)).toEqual({ ok: false, reason: 'discovery limit: more than 128 resources' });
    const fine = await collectPages(async () => ({ resources: many.slice(0, 2) }), RESOURCE_LIST);
    expect(fine).toEqual({ ok: true, items: [{ uri: 'notes://0', name: 'n0', description: undefined, mimeType: undefined }, { uri: 'notes://1', name: 'n1', description: undefined, mimeType: undefined }] });
  });
});
