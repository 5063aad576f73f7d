// INJECT-2: server text is shown as data. Terminal controls and invisible characters are
// turned into visible escapes so a server cannot forge, recolour or hide part of the screen.

// seam: UNSAFE
/**
 * Code points never written raw: C0/C1 controls and DEL (\p{Cc}), format characters
 * (\p{Cf}: bidi controls, zero-width characters, tag characters, U+061C, soft hyphen ...),
 * line/paragraph separators, lone surrogates, the whole tag block (U+E0000-E007F, some of it
 * unassigned) and the Hangul fillers that render as blanks.
 */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\u115F\u1160\u3164\uFFA0\u{E0000}-\u{E007F}]/u;
// seam: UNSAFE_GLOBAL
const UNSAFE_GLOBAL = new RegExp(UNSAFE.source, 'gu');

export interface NeutraliseOptions {
  /** Keep \n and \t as they are (multi-line result text). CR is always escaped. */
  multiline?: boolean;
}

/** Visible escape for one code point: \x1b, \u202e, \u{e0041}. */
function escapeCodePoint(ch: string): string {
  const cp = ch.codePointAt(0) ?? 0;
  if (cp <= 0xff) return `\\x${cp.toString(16).padStart(2, '0')}`;
  if (cp <= 0xffff) return `\\u${cp.toString(16).padStart(4, '0')}`;
  return `\\u{${cp.toString(16)}}`;
}

// seam: neutralise
/** Makes text safe to write to a terminal; printable text is returned unchanged. */
export function neutralise(text: string, options: NeutraliseOptions = {}): string {
  return text.replace(UNSAFE_GLOBAL, (ch) =>
    options.multiline === true && (ch === '\n' || ch === '\t') ? ch : escapeCodePoint(ch),
  );
}

/** True when the code point would be escaped by neutralise (without the multiline allowance). */
export function isUnsafeCodePoint(ch: string): boolean {
  return UNSAFE.test(ch);
}
