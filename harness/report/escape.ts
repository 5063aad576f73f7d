// Escaping for the markup writers. Everything in a report may come from a hostile server,
// so text is escaped for the context it lands in and never trusted as markup.
import { visibleControls } from './text.js';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text for an XML or HTML text node or quoted attribute. Control characters become visible
 * \xNN text (XML 1.0 forbids most of them); U+FFFE/U+FFFF, also forbidden, become U+FFFD.
 */
export function escapeMarkup(text: string): string {
  return visibleControls(text)
    .replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c)
    .replace(/[\uFFFE\uFFFF]/g, '\uFFFD');
}

/**
 * JSON safe to place inside <script type="application/json">: `<`, `>` and `&` become
 * \u escapes so "</script>" or "<!--" in a string cannot end or bend the element, and
 * U+2028/U+2029 are escaped for old JavaScript parsers. JSON.parse reads it back unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
