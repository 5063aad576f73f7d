// Cutting text to a byte budget on a code-point boundary (APPROVE-5 argument display,
// result previews): a cut never splits a character into a replacement glyph.

/** The longest prefix of `text` whose UTF-8 encoding fits in `maxBytes`. */
export function prefixWithinBytes(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text, 'utf8') <= maxBytes) return text;
  let used = 0;
  let end = 0;
  for (const ch of text) {
    const size = Buffer.byteLength(ch, 'utf8');
    if (used + size > maxBytes) break;
    used += size;
    end += ch.length;
  }
  return text.slice(0, end);
}
