import { describe, expect, it } from 'vitest';
import type { OfferedTool } from './request.js';
import { resolveBuiltin, resolveMcpTarget } from './tool-resolution.js';

const tool = (name: string, extra: Partial<OfferedTool> = {}): OfferedTool => ({
  type: 'function',
  name,
  description: null,
  parameters: {},
  strict: false,
  ...extra,
});

describe('resolveMcpTarget', () => {
  it('uses the origin label to pick between hash-suffixed names that share a stem', () => {
    const tools = [
      tool('mcp_s_a_b_11111111', { description: '[MCP server s, tool a.b] x' }),
      tool('mcp_s_a_b_22222222', { description: '[MCP server s, tool a/b] x' }),
    ];
    expect(resolveMcpTarget(tools, 's', 'a/b')).toEqual({ ok: true, name: 'mcp_s_a_b_22222222' });
  });

  it('reports ambiguity when hash-suffixed names share a stem and carry no label', () => {
    const tools = [tool('mcp_s_a_b_11111111'), tool('mcp_s_a_b_22222222')];
    const result = resolveMcpTarget(tools, 's', 'a.b');
    expect(result).toEqual({ ok: false, reason: expect.stringContaining('ambiguous: mcp_s_a_b_11111111, mcp_s_a_b_22222222') });
  });

  it('tells two tools apart by letter case, in the name or in the label', () => {
    const named = [tool('mcp_s_Export'), tool('mcp_s_export')];
    expect(resolveMcpTarget(named, 's', 'Export')).toEqual({ ok: true, name: 'mcp_s_Export' });
    expect(resolveMcpTarget(named, 's', 'export')).toEqual({ ok: true, name: 'mcp_s_export' });
    const labelled = [
      tool('mcp_s_export_11111111', { description: '[MCP server s, tool Export] x' }),
      tool('mcp_s_export_22222222', { description: '[MCP server s, tool export] x' }),
    ];
    expect(resolveMcpTarget(labelled, 's', 'Export')).toEqual({ ok: true, name: 'mcp_s_export_11111111' });
    // Neither spells the tool as asked: nothing tells them apart.
    expect(resolveMcpTarget([tool('mcp_s_EXPORT'), tool('mcp_s_eXport')], 's', 'export')).toEqual({ ok: false, reason: expect.stringContaining('ambiguous') });
  });

  it("matches a name made safe in Gemini's alphabet, which keeps . and :", () => {
    const name = 'docs__stall___f:tool.name_x';
    expect(resolveMcpTarget([tool(name), tool('docs__other')], 'docs', 'stall / F:tool.name x')).toEqual({ ok: true, name });
  });

  it('matches a name truncated to 64 characters before its hash suffix', () => {
    const long = 'x'.repeat(80);
    const name = `mcp_s_${long}`.slice(0, 55) + '_abcdef01';
    expect(name).toHaveLength(64);
    expect(resolveMcpTarget([tool(name)], 's', long)).toEqual({ ok: true, name });
  });

  it('matches a tool-first name whose tool part was cut to keep the server', () => {
    const long = 'x'.repeat(80);
    const name = `${long.slice(0, 40)}-via-s-0a1b2c3d4e`;
    expect(resolveMcpTarget([tool(name)], 's', long)).toEqual({ ok: true, name });
  });

  it('matches a cut name before a hash suffix in a form it does not know', () => {
    const long = 'x'.repeat(80);
    const name = `s__${long.slice(0, 50)}__inonbhxp`;
    expect(resolveMcpTarget([tool(name)], 's', long)).toEqual({ ok: true, name });
  });

  it('does not take a shorter tool for a longer one when nothing was truncated', () => {
    expect(resolveMcpTarget([tool('mcp_docs_search_0a1b2c3d')], 'docs', 'search_all').ok).toBe(false);
  });

  it('accepts namespaces named mcp__S, mcp_S or S and ignores non-function tools', () => {
    for (const namespace of ['mcp__docs', 'mcp_docs', 'docs']) {
      expect(resolveMcpTarget([tool('search', { namespace })], 'docs', 'search')).toEqual({ ok: true, name: 'search', namespace });
    }
    expect(resolveMcpTarget([tool('mcp_docs_search', { type: 'custom' })], 'docs', 'search')).toEqual({
      ok: false,
      reason: 'no offered function matches server "docs" tool "search"; offered: (none)',
    });
  });

  it('finds the tool under any host naming scheme that carries the server and the tool', () => {
    for (const name of [
      'mcp_docs_search',
      'mcp__docs__search',
      'docs__search',
      'docs-search',
      'docs_search',
      'docs.search',
      'search@docs',
      'Docs_Search',
      'docs_search-2',
    ]) {
      expect(resolveMcpTarget([tool(name), tool('other_tool')], 'docs', 'search'), name).toEqual({ ok: true, name });
    }
  });

  it('finds a name whose hash suffix is in a form it does not know, but prefers the tool that fits whole', () => {
    expect(resolveMcpTarget([tool('docs__notes-find__inonbhxp'), tool('other_tool')], 'docs', 'notes.find')).toEqual({
      ok: true,
      name: 'docs__notes-find__inonbhxp',
    });
    const catalogue = [
      { server: 'docs', tool: 'search' },
      { server: 'docs', tool: 'search_status' },
    ];
    expect(resolveMcpTarget([tool('docs__search_status')], 'docs', 'search', { catalogue }).ok).toBe(false);
    expect(resolveMcpTarget([tool('docs__search_status'), tool('docs__search')], 'docs', 'search')).toEqual({ ok: true, name: 'docs__search' });
  });

  it('takes a unique bare tool name, and tells two bare names apart only by their descriptions', () => {
    expect(resolveMcpTarget([tool('search'), tool('fetch')], 'docs', 'search')).toEqual({ ok: true, name: 'search' });
    const labelled = [tool('search', { description: 'From MCP server docs: search.' }), tool('search', { description: 'From MCP server wiki: search.' })];
    expect(resolveMcpTarget(labelled, 'wiki', 'search')).toEqual({ ok: true, name: 'search' });
    expect(resolveMcpTarget([tool('search'), tool('search')], 'wiki', 'search').ok).toBe(false);
  });

  it("finds a function by the server's own description text when its name is opaque", () => {
    const tools = [tool('t1', { description: 'Finds release notes in the archive.' }), tool('t2', { description: 'Deletes a note.' })];
    expect(resolveMcpTarget(tools, 'docs', 'search', { description: 'Finds release notes in the archive.' })).toEqual({ ok: true, name: 't1' });
  });

  it('never takes a function that fits another tool of the catalogue better', () => {
    const catalogue = [
      { server: 'docs', tool: 'search' },
      { server: 'docs', tool: 'search_all' },
    ];
    const tools = [tool('docs__search_all'), tool('docs__search')];
    expect(resolveMcpTarget(tools, 'docs', 'search', { catalogue })).toEqual({ ok: true, name: 'docs__search' });
    expect(resolveMcpTarget([tool('docs__search_all')], 'docs', 'search', { catalogue }).ok).toBe(false);
  });

  it('tells namespaces that share a prefix apart (mcp__a.b_c and mcp__a_b.c)', () => {
    const tools = [tool('b_c', { namespace: 'mcp__a' }), tool('c', { namespace: 'mcp__a_b' })];
    expect(resolveMcpTarget(tools, 'a', 'b_c')).toEqual({ ok: true, name: 'b_c', namespace: 'mcp__a' });
    expect(resolveMcpTarget(tools, 'a_b', 'c')).toEqual({ ok: true, name: 'c', namespace: 'mcp__a_b' });
  });

  it('does not let a namespaced function stand in for a built-in', () => {
    expect(resolveBuiltin([tool('read_file', { namespace: 'mcp__fs' })], 'read_file')).toEqual({
      ok: false,
      reason: 'no offered built-in function named "read_file"; offered: mcp__fs.read_file',
    });
  });
});
