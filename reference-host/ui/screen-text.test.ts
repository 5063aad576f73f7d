import { describe, expect, it } from 'vitest';
import { statusLine, toolResult, unknownGatePrompt } from './screen-text.js';

describe('screen text', () => {
  it('writes the status lines of the screen contract', () => {
    expect(statusLine({ server: 'docs', destination: 'https://x.example/mcp', ok: true, toolCount: 2 })).toBe(
      'MCP server docs: 2 tools from https://x.example/mcp\n',
    );
    expect(statusLine({ server: 'gone', destination: 'node s.js', ok: false, reason: 'connection refused' })).toBe(
      'MCP server gone unavailable: connection refused\n',
    );
  });

  it('neutralises a reason the server wrote', () => {
    expect(statusLine({ server: 's', destination: 'd', ok: false, reason: 'bad\n\x1b[1Aforged' })).toBe(
      'MCP server s unavailable: bad\\x0a\\x1b[1Aforged\n',
    );
  });

  it('shows the first 8 lines of a result and marks the rest', () => {
    const output = Array.from({ length: 12 }, (_, i) => `line ${i + 1}`).join('\n');
    expect(toolResult('completed', output)).toBe(
      `[Tool result: completed]\n${Array.from({ length: 8 }, (_, i) => `line ${i + 1}`).join('\n')}\n...\n`,
    );
    expect(toolResult('denied', '')).toBe('[Tool result: denied]\n');
  });

  it('keeps at most 1 KiB of a long line', () => {
    const shown = toolResult('completed', 'z'.repeat(5000));
    expect(shown).toBe(`[Tool result: completed]\n${'z'.repeat(1024)}\n...\n`);
  });

  it('names every call that may have run in the gate prompt', () => {
    expect(unknownGatePrompt([{ server: 'a', tool: 't1' }])).toBe(
      'An earlier MCP call may have run: a/t1. Send your message anyway? [y/N] ',
    );
  });
});
