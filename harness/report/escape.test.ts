import { describe, expect, it } from 'vitest';
import { escapeMarkup, jsonForScript } from './escape.js';
import { HOSTILE, HOSTILE_TEXT } from './test-fixtures/sample-reports.js';

describe('escapeMarkup', () => {
  it('escapes the five markup characters and shows control characters as \\xNN', () => {
    expect(escapeMarkup(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(escapeMarkup(HOSTILE.ansi)).toBe('\\x1b[31mred alert\\x1b[0m');
    expect(escapeMarkup('tab\tline\n')).toBe('tab\tline\n');
  });
});

describe('jsonForScript', () => {
  it('leaves no <, >, & or line separators that could end a script element, and parses back unchanged', () => {
    const value = { text: HOSTILE_TEXT, nested: ['<!--', '</SCRIPT >'] };
    const json = jsonForScript(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
