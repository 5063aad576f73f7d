import { describe, expect, it } from 'vitest';
import type { McpTool } from '../mcp/types.js';
import { ARGUMENTS_DISPLAY_BYTES, confirmationText, formatArgumentsForDisplay, isYes } from './confirmation.js';

const tool: McpTool = {
  server: 'context7',
  originalName: 'resolve-library-id',
  exposedName: 'mcp_context7_resolve-library-id',
  description: 'd',
  parameters: {},
  destination: 'https://mcp.context7.com/mcp',
};

describe('confirmationText', () => {
  it('shows server, destination, original tool name and the arguments as a JSON string', () => {
    expect(confirmationText(tool, { query: 'react hooks', libraryName: 'react' })).toBe(
      [
        '[Tool: mcp_context7_resolve-library-id]',
        'Server: "context7"',
        'Destination: "https://mcp.context7.com/mcp"',
        'Tool: "resolve-library-id"',
        'Arguments: "{\\n  \\"query\\": \\"react hooks\\",\\n  \\"libraryName\\": \\"react\\"\\n}"',
        'Arguments are sent to this MCP server. The host cannot control what the server does with them.',
        '',
      ].join('\n'),
    );
  });

  it('shows the policy trust level right after the destination when there is one', () => {
    expect(confirmationText(tool, {}, 'trusted').split('\n').slice(2, 5)).toEqual([
      'Destination: "https://mcp.context7.com/mcp"',
      'Trust: "trusted"',
      'Tool: "resolve-library-id"',
    ]);
  });

  it('neutralises control and bidi characters in every server-provided field', () => {
    const evil: McpTool = {
      ...tool,
      server: 'ok',
      exposedName: 'mcp_ok_x',
      originalName: 'x\u202e\x1b[2K',
      destination: 'node srv.js \u200b\x07',
    };
    const text = confirmationText(evil, { a: '\u009b31m\u{e0041}' });
    expect(text).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f\u200b\u202e\u{e0041}]/u);
    expect(text).toContain('Tool: "x\\u202e\\u001b[2K"');
    expect(text).toContain('\\x9b31m\\u{e0041}');
  });

  it('cuts the formatted arguments at 2 KiB and marks the cut', () => {
    const args = { text: 'é'.repeat(3000) };
    const shown = formatArgumentsForDisplay(args);
    const [kept, marker] = shown.split('\n... ');
    expect(Buffer.byteLength(kept ?? '')).toBeLessThanOrEqual(ARGUMENTS_DISPLAY_BYTES);
    expect(kept).not.toContain('\ufffd');
    const total = Buffer.byteLength(JSON.stringify(args, null, 2));
    expect(marker).toBe(`[cut: ${Buffer.byteLength(kept ?? '')} of ${total} bytes shown]`);
    expect(confirmationText(tool, args)).toContain('\\n... [cut: ');
  });

  it('does not cut arguments within 2 KiB', () => {
    const args = { text: 'a'.repeat(1000) };
    expect(formatArgumentsForDisplay(args)).toBe(JSON.stringify(args, null, 2));
  });
});

describe('isYes', () => {
  it('approves only y and yes, in any case and with blanks around', () => {
    for (const yes of ['y', 'Y', 'yes', 'YES', ' yes ', '\ty']) expect(isYes(yes)).toBe(true);
    for (const no of ['', 'n', 'no', 'ye', 'yess', 'y y', 'ok', null]) expect(isYes(no)).toBe(false);
  });
});
