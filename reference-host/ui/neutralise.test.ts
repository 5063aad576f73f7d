import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isUnsafeCodePoint, neutralise } from './neutralise.js';

/** The code points INJECT-2 names, listed by hand so the test does not trust the regex. */
const NAMED_UNSAFE: number[] = [
  ...range(0x00, 0x1f), 0x7f, ...range(0x80, 0x9f),
  ...range(0x202a, 0x202e), ...range(0x2066, 0x2069), 0x200e, 0x200f, 0x061c,
  ...range(0x200b, 0x200d), 0x2060, 0xfeff,
  ...range(0xe0000, 0xe007f),
];

const NAMED = new Set(NAMED_UNSAFE);

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

const anyText = fc.array(
  fc.oneof(
    fc.string({ unit: 'binary' }),
    fc.constantFrom(...NAMED_UNSAFE).map((cp) => String.fromCodePoint(cp)),
    fc.constantFrom('\x1b[2J', '\x1b]8;;http://evil\x07', '\u009b31m', '\r', '\ud800', '\udfff'),
  ),
  { maxLength: 12 },
).map((parts) => parts.join(''));

function codePoints(text: string): string[] {
  return Array.from(text);
}

describe('neutralise', () => {
  it('never outputs a control, bidi, zero-width, tag or other invisible code point', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const bad = codePoints(neutralise(text)).filter((ch) => NAMED.has(ch.codePointAt(0) ?? -1) || isUnsafeCodePoint(ch));
        expect(bad).toEqual([]);
      }),
    );
  });

  it('keeps only newline and tab raw in multi-line mode', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const bad = codePoints(neutralise(text, { multiline: true })).filter((ch) => ch !== '\n' && ch !== '\t' && isUnsafeCodePoint(ch));
        expect(bad).toEqual([]);
      }),
    );
  });

  it('returns printable text unchanged', () => {
    const printable = fc
      .string({ unit: 'grapheme' })
      .filter((text) => codePoints(text).every((ch) => !isUnsafeCodePoint(ch)));
    fc.assert(
      fc.property(printable, (text) => {
        expect(neutralise(text)).toBe(text);
      }),
    );
    expect(neutralise('Ünïcødé 中文 emoji 🎉 "quotes" \\ back')).toBe('Ünïcødé 中文 emoji 🎉 "quotes" \\ back');
  });

  it('shows escapes visibly in the \\x, \\u and \\u{} forms', () => {
    expect(neutralise('a\x1b[31mred')).toBe('a\\x1b[31mred');
    expect(neutralise('abc\u202etxt.exe')).toBe('abc\\u202etxt.exe');
    expect(neutralise('x\u{e0041}y')).toBe('x\\u{e0041}y');
    expect(neutralise('line1\r\nline2\tz')).toBe('line1\\x0d\\x0aline2\\x09z');
    expect(neutralise('line1\r\nline2\tz', { multiline: true })).toBe('line1\\x0d\nline2\tz');
  });
});
