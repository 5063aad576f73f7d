import { describe, expect, it } from 'vitest';
import { BLANK_LINE_BYTES, blankLinesPadded } from './answers.js';
import { SizeError, utf8Bytes } from './stamped-text.js';

describe('blankLinesPadded', () => {
  const message = { jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: 'é ok' }] } };

  it('is exactly the requested size and parses to the same message', () => {
    for (const bytes of [utf8Bytes(JSON.stringify(message)), 5000, 1024 * 1024 + 1]) {
      const text = blankLinesPadded(message, bytes);
      expect(utf8Bytes(text)).toBe(bytes);
      expect(JSON.parse(text)).toEqual(message);
    }
  });

  it('spreads the pad over lines no longer than a blank line, after the opening brace', () => {
    const lines = blankLinesPadded(message, 3 * BLANK_LINE_BYTES + 500).split('\n');
    expect(lines[0]).toBe('{');
    expect(lines.length).toBeGreaterThan(3);
    expect(Math.max(...lines.slice(1, -1).map((l) => utf8Bytes(l) + 1))).toBe(BLANK_LINE_BYTES);
  });

  it('refuses a size smaller than the message', () => {
    expect(() => blankLinesPadded(message, 10)).toThrow(SizeError);
  });
});
