import { describe, expect, test } from 'vitest';
import { line, toolContentText } from './acp-transcript.js';

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
});
