// INJECT-2: server text carrying every kind of terminal control and invisible character, in
// spans a check can find on screen again: `{{F:field}}` ... `{{/F:field}}`. Each family member
// is preceded by its visible name, so a verdict says which member of which field got through.

/** `text` without CSI sequences (7-bit ESC [ and 8-bit CSI): a terminal's colours and cursor moves, the layout between what it shows. */
export const withoutCsi = (text: string): string => text.replace(/\u001b\[[0-9;?]*[ -/]*[@-~]/g, '').replace(/\u009b[0-9;?]*[ -/]*[@-~]/g, '');

/** The members of the family real hosts get wrong: escapes, C0/C1 controls, DEL, bidi, zero-width, tags, separators. */
export const CONTROL_FAMILY: readonly (readonly [string, string])[] = [
  ['csi-sgr', '\u001b[31m'],
  ['csi-erase', '\u001b[2J'],
  ['osc-title', '\u001b]0;pwned\u0007'],
  ['osc8-link', '\u001b]8;;https://evil.example/\u001b\\'],
  ['esc-reset', '\u001bc'],
  ['bel', '\u0007'],
  ['backspace', 'x\u0008'],
  ['carriage-return', '\r'],
  ['vertical-tab', '\u000b'],
  ['form-feed', '\u000c'],
  ['nul', '\u0000'],
  ['delete', '\u007f'],
  ['c1-csi', '\u009b2J'],
  ['c1-nel', '\u0085'],
  ['bidi-rlo', '\u202e'],
  ['bidi-isolate', '\u2066'],
  ['rtl-mark', '\u200f'],
  ['zero-width-space', '\u200b'],
  ['zero-width-joiner', '\u200d'],
  ['word-joiner', '\u2060'],
  ['bom', '\ufeff'],
  ['tag-chars', '\u{E0041}\u{E007F}'],
  ['line-separator', '\u2028'],
  // Default-ignorable letters that render blank: invisible characters, though neither Cc nor Cf.
  ['hangul-filler', '\u3164'],
  ['halfwidth-hangul-filler', '\uffa0'],
];

const open = (field: string): string => `{{F:${field}}}`;
const close = (field: string): string => `{{/F:${field}}}`;

/** The hostile text for one server-controlled field. */
export function hostile(field: string): string {
  return `${open(field)}${CONTROL_FAMILY.map(([name, raw]) => ` [${name}]${raw}`).join('')} ${close(field)}`;
}

/** C0 (but \n and \t), DEL, C1, format characters (bidi, zero-width, tags), line and paragraph separators, Hangul fillers. */
export const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\p{Cf}\u2028\u2029\u115f\u1160\u3164\uffa0\u{E0000}-\u{E007F}]/u;

export interface RawControlSeen {
  field: string;
  /** The family member whose visible name came last before the raw character. */
  member: string;
  codePoint: string;
  excerpt: string;
}

/** Every shown span of a hostile field (to its closing marker, or as long as the text it stood for). */
function spans(screen: string, field: string): string[] {
  const out: string[] = [];
  const max = hostile(field).length * 4;
  for (let at = screen.indexOf(open(field)); at >= 0; at = screen.indexOf(open(field), at + 1)) {
    const end = screen.indexOf(close(field), at);
    out.push(screen.slice(at, end >= 0 && end - at <= max ? end : at + max));
  }
  return out;
}

/** The fields whose spans appear on screen, and the first raw control in each that has one. */
export function rawControlsIn(screen: string, fields: readonly string[]): { shown: string[]; raw: RawControlSeen[] } {
  const shown: string[] = [];
  const raw: RawControlSeen[] = [];
  for (const field of fields) {
    const found = spans(screen, field);
    if (found.length > 0) shown.push(field);
    for (const span of found) {
      const m = RAW_CONTROL.exec(span);
      if (m === null) continue;
      const member = [...span.slice(0, m.index).matchAll(/ \[([a-z0-9-]+)\]/g)].at(-1)?.[1] ?? '(before the first member)';
      raw.push({
        field,
        member,
        codePoint: `U+${(m[0].codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`,
        excerpt: JSON.stringify(span.slice(Math.max(0, m.index - 40), m.index + 40)),
      });
      break;
    }
  }
  return { shown, raw };
}
