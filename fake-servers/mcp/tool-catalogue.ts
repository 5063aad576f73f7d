// The tool list a fake server announces: declared + generated tools, padded schemas and
// pages (LIMIT-1 bounds, NET-3 oversized answers), and the tool outcome of call #i.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { FakeTool, ServerBehaviour, ToolOutcome } from './behaviour.js';

const EMPTY_SCHEMA = { type: 'object', properties: {} };

/** The declared tools followed by `generateTools`. */
export function initialTools(behaviour: ServerBehaviour): FakeTool[] {
  const generated = behaviour.generateTools;
  const extra: FakeTool[] = [];
  for (let i = 0; generated && i < generated.count; i++) {
    const name = `${generated.prefix ?? 'tool_'}${i}`;
    const description = generated.descriptionBytes === undefined ? `Generated tool ${i}.` : filler(generated.descriptionBytes);
    extra.push({ name, description });
  }
  return [...(behaviour.tools ?? []), ...extra];
}

/** The tool as it goes on the wire. */
export function wireTool(tool: FakeTool): Tool {
  const base = tool.inputSchema ?? EMPTY_SCHEMA;
  const inputSchema = tool.inputSchemaPadBytes === undefined ? base : { ...base, $comment: filler(tool.inputSchemaPadBytes) };
  return {
    name: tool.name,
    ...(tool.title !== undefined && { title: tool.title }),
    ...(tool.description !== undefined && { description: tool.description }),
    inputSchema: inputSchema as Tool['inputSchema'],
    ...(tool.outputSchema !== undefined && { outputSchema: tool.outputSchema as Tool['outputSchema'] }),
    ...(tool.annotations !== undefined && { annotations: tool.annotations }),
  };
}

/** Page `cursor` of `tools` split evenly over `pages` pages; cursors are page indexes. */
export function toolPage(tools: FakeTool[], pages: number, cursor: string | undefined): { tools: Tool[]; nextCursor?: string } | undefined {
  const index = cursor === undefined ? 0 : Number(cursor);
  if (!Number.isInteger(index) || index < 0 || index >= pages) return undefined;
  const size = Math.ceil(tools.length / pages);
  const slice = tools.slice(index * size, (index + 1) * size).map(wireTool);
  return index + 1 < pages ? { tools: slice, nextCursor: String(index + 1) } : { tools: slice };
}

export function outcomeOfCall(tool: FakeTool, callIndex: number): ToolOutcome {
  return tool.outcomes?.[callIndex] ?? tool.outcome ?? { kind: 'echo' };
}

/** `bytes` ASCII bytes of a recognisable pattern, so a cut is visible. */
export function filler(bytes: number): string {
  return '0123456789'.repeat(Math.ceil(bytes / 10)).slice(0, bytes);
}
