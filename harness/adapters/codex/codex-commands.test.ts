import { describe, expect, it } from 'vitest';
import { codexAddPlan, droppedHeadersNote } from './codex-commands.js';

describe('planning `codex mcp add`', () => {
  it('passes stdio variables as --env arguments before the command', () => {
    expect(codexAddPlan('notes', { command: 'node', args: ['s.js'], env: { TOKEN: 't' } }, 'V')).toEqual({
      args: ['mcp', 'add', 'notes', '--env', 'TOKEN=t', '--', 'node', 's.js'],
      env: {},
      dropped: [],
    });
  });

  it("adds a row's stdio variables (the server's own win) and leaves an HTTP server alone", () => {
    const row = { CODEX_MCP_PROTOCOL_VERSION: '2026-07-28', TOKEN: 'row' };
    expect(codexAddPlan('notes', { command: 'node', args: ['s.js'], env: { TOKEN: 't' } }, 'V', row).args).toEqual([
      'mcp',
      'add',
      'notes',
      '--env',
      'CODEX_MCP_PROTOCOL_VERSION=2026-07-28',
      '--env',
      'TOKEN=t',
      '--',
      'node',
      's.js',
    ]);
    expect(codexAddPlan('wiki', { url: 'http://127.0.0.1:1/mcp', headers: {} }, 'V', row).args).toEqual([
      'mcp',
      'add',
      'wiki',
      '--url',
      'http://127.0.0.1:1/mcp',
    ]);
  });

  it('moves a bearer token into a named variable and reports headers Codex cannot take', () => {
    const plan = codexAddPlan('wiki', { url: 'http://127.0.0.1:1/mcp', headers: { Authorization: 'Bearer t0k', 'X-Api-Key': 'k' } }, 'V');
    expect(plan).toEqual({
      args: ['mcp', 'add', 'wiki', '--url', 'http://127.0.0.1:1/mcp', '--bearer-token-env-var', 'V'],
      env: { V: 't0k' },
      dropped: ['X-Api-Key'],
    });
    expect(droppedHeadersNote(plan.dropped)).toContain('no option for header X-Api-Key');
  });
});
