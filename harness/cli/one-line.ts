// Problems are printed as one line (a multi-line message from a schema or a file reader
// included), so a mistake is one line on stderr naming the input.

/** A multi-line problem as one line: "head: a; b" (after a ":" or before a "(" the lines just run on). */
export function oneLine(message: string): string {
  const lines = message.split('\n').map((l) => l.trim()).filter((l) => l !== '');
  return lines.reduce((acc, line, i) => (i === 0 ? line : `${acc}${acc.endsWith(':') || line.startsWith('(') ? ' ' : '; '}${line}`), '');
}
