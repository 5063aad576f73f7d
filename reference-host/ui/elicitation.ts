// ASK-1: an elicitation on the terminal. It names the server on the line of its message,
// lists the requested fields, and asks one line per field; an empty line declines, end of
// input (or Ctrl-C) cancels. Defaults are never filled in: a value reaches the server only
// when the user typed it. Every server-provided string is neutralised (INJECT-2).
import type { ElicitRequest, ElicitResult } from '@modelcontextprotocol/client';
import type { Interrupts } from '../chat/interrupts.js';
import type { Elicit } from '../mcp/server-requests.js';
import { isYes } from './confirmation.js';
import { neutralise } from './neutralise.js';
import type { Screen } from './screen.js';

type Field = { type?: unknown; description?: unknown; title?: unknown };

const quoted = (value: string): string => neutralise(JSON.stringify(value));

/** The form's fields by name, in the server's order. */
export function fieldsOf(params: ElicitRequest['params']): [string, Field][] {
  const schema = 'requestedSchema' in params ? (params.requestedSchema as { properties?: Record<string, Field> }) : undefined;
  return Object.entries(schema?.properties ?? {});
}

// seam: elicitationText
/** The block shown before the first field's question; every line ends with a newline. */
export function elicitationText(server: string, params: ElicitRequest['params']): string {
  const fields = fieldsOf(params).map(([name, f]) => `  ${quoted(name)} (${neutralise(String(f.type ?? 'string'))})${typeof f.description === 'string' ? `: ${quoted(f.description)}` : ''}`);
  return [`MCP server ${quoted(server)} asks: ${quoted(params.message)}`, ...fields, 'Your answer goes to this MCP server. An empty line declines.', ''].join('\n');
}

// seam: valueOf
/** The typed line as the field's type wants it; undefined when it cannot be one. */
function valueOf(field: Field, line: string): string | number | boolean | undefined {
  if (field.type === 'boolean') return isYes(line);
  if (field.type === 'number' || field.type === 'integer') {
    const n = Number(line);
    return Number.isFinite(n) ? n : undefined;
  }
  return line;
}

// seam: askUserElicitation
export function askUserElicitation(screen: Screen, interrupts: Interrupts, text: (server: string, params: ElicitRequest['params']) => string = elicitationText): Elicit {
  return async (server, params): Promise<ElicitResult> => {
    if (params.mode === 'url') return { action: 'decline' };
    screen.write(text(server, params));
    const content: Record<string, string | number | boolean> = {};
    for (const [name, field] of fieldsOf(params)) {
      const line = await interrupts.abortable((signal) => screen.ask(`${neutralise(name)}: `, signal));
      if (line === null) return { action: 'cancel' };
      const value = line.trim() === '' ? undefined : valueOf(field, line.trim());
      if (value === undefined) return { action: 'decline' };
      content[name] = value;
    }
    return { action: 'accept', content };
  };
}
