// A tiny well-formedness checker and parser for the JUnit test (enough XML for what the
// writer emits: a declaration, elements, attributes, text, the five predefined entities and
// numeric references). Throws on mismatched tags, bad entities, raw `<`/`&` or characters
// XML 1.0 forbids.
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(raw: string): string {
  if (/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i.test(raw)) throw new Error(`bare & in ${JSON.stringify(raw.slice(0, 60))}`);
  return raw.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (_, e: string) =>
    e.startsWith('#x') ? String.fromCodePoint(parseInt(e.slice(2), 16)) : e.startsWith('#') ? String.fromCodePoint(Number(e.slice(1))) : (ENTITY[e] ?? ''),
  );
}

export function parseXml(xml: string): XmlElement {
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\uFFFE\uFFFF]/.test(xml)) throw new Error('character not allowed in XML 1.0');
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const root: XmlElement = { name: '#document', attrs: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  const token = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[\w.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let m: RegExpExecArray | null;
  let pos = 0;
  while (pos < body.length && (m = token.exec(body))) {
    pos = token.lastIndex;
    const top = stack[stack.length - 1]!;
    if (m[5] !== undefined) {
      top.text += decode(m[5]);
      continue;
    }
    const [, closing, name, attrText, selfClosing] = m;
    if (closing) {
      if (top.name !== name) throw new Error(`</${name}> closes <${top.name}>`);
      stack.pop();
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of (attrText ?? '').matchAll(/([\w.-]+)="([^"]*)"/g)) attrs[a[1]!] = decode(a[2]!);
    const el: XmlElement = { name: name!, attrs, children: [], text: '' };
    top.children.push(el);
    if (!selfClosing) stack.push(el);
  }
  if (pos !== body.length) throw new Error(`unparseable XML at offset ${pos}: ${JSON.stringify(body.slice(pos, pos + 40))}`);
  if (stack.length !== 1) throw new Error(`unclosed <${stack[stack.length - 1]!.name}>`);
  if (root.children.length !== 1) throw new Error('XML must have exactly one root element');
  return root.children[0]!;
}

export function findAll(el: XmlElement, name: string): XmlElement[] {
  return el.children.flatMap((c) => [...(c.name === name ? [c] : []), ...findAll(c, name)]);
}
