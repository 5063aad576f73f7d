import { describe, expect, test } from 'vitest';
import { line, permissionText, toolContentText } from './acp-transcript.js';

describe('what a client shows of a tool call', () => {
  test('its content: text as sent, images and links by what they are, a diff by its path and new text', () => {
    const shown = toolContentText([
      { type: 'content', content: { type: 'text', text: 'token=abc' } },
      { type: 'content', content: { type: 'image', mimeType: 'image/png', data: '' } },
      { type: 'diff', path: '/p/a.txt', oldText: 'x', newText: 'y' },
    ]);
    expect(shown).toBe('token=abc\n[image: image/png]\ndiff /p/a.txt\ny');
  });

  test('a line of tool output can never start a transcript line (no forged prompt or question)', () => {
    expect(line('  output', 'done\nacp> ')).toBe('  output: done\n  acp> \n');
  });

  test("a permission request naming only its call is shown on that call's card: the announced title and raw input", () => {
    const request = {
      sessionId: 's',
      toolCall: { toolCallId: 'c1', kind: 'execute' as const },
      options: [{ optionId: 'a', name: 'Allow', kind: 'allow_once' as const }],
    };
    const announced = { title: 'mcp.docs.notes.find', rawInput: { server: 'docs', tool: 'notes.find', arguments: { about: 'x' } } };
    expect(permissionText(request, announced)).toBe(
      'permission request: mcp.docs.notes.find\n  kind: execute\n  rawInput: {"server":"docs","tool":"notes.find","arguments":{"about":"x"}}\n  options: allow_once "Allow"\napprove? [allow/reject]\n',
    );
  });

  test("the request's own title and raw input win, the announced title shown beside a different one", () => {
    const request = { sessionId: 's', toolCall: { toolCallId: 'c1', title: 'Approve MCP tool call', rawInput: { q: 1 } }, options: [] };
    expect(permissionText(request, { title: 'Tool: docs/search', rawInput: { q: 2 } })).toBe(
      'permission request: Approve MCP tool call\n  tool call: Tool: docs/search\n  kind: other\n  rawInput: {"q":1}\n  options: \napprove? [allow/reject]\n',
    );
  });
});
