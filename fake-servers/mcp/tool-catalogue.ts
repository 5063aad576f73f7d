// The tool list a fake server announces: declared + generated tools, exact sizes in UTF-8
// bytes of what is sent (LIMIT-1: 16 KiB per schema, 64 KiB of definitions, 128 tools, 16
// pages), and the outcome of call #i of a tool.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { BehaviourError, type FakeTool, type ServerBehaviour, type ToolOutcome } from './behaviour.js';
import { jsonBytes, padFor, SizeError, stampedText } from './stamped-text.js';

const EMPTY_SCHEMA = { type: 'object', properties: {} };

/** A tool as described (outcomes) and as sent (its wire form, sizes applied). */
export interface CatalogueTool {
  spec: FakeTool;
  wire: Tool;
}

function sized<T>(where: string, build: () => T): T {
  try {
    return build();
  } catch (error) {
    if (error instanceof SizeError) throw new BehaviourError(`${where}: ${error.message}`);
    throw error;
  }
}

/** The tool as it goes on the wire; `where` names it in a size error. */
export function wireTool(tool: FakeTool, where: string): Tool {
  const fill = tool.fill ?? 'ascii';
  const description = tool.descriptionBytes === undefined ? tool.description : stampedText(tool.descriptionBytes, fill);
  const base = tool.inputSchema ?? EMPTY_SCHEMA;
  const bytes = tool.inputSchemaBytes;
  const inputSchema =
    bytes === undefined
      ? base
      : sized(`${where}.inputSchemaBytes`, () => ({ ...base, $comment: padFor(bytes, fill, (pad) => jsonBytes({ ...base, $comment: pad })) }));
  return {
    name: tool.name,
    ...(tool.title !== undefined && { title: tool.title }),
    ...(description !== undefined && { description }),
    inputSchema: inputSchema as Tool['inputSchema'],
    ...(tool.outputSchema !== undefined && { outputSchema: tool.outputSchema as Tool['outputSchema'] }),
    ...(tool.annotations !== undefined && { annotations: tool.annotations }),
  };
}

export function catalogueOf(tools: readonly FakeTool[], where: string): CatalogueTool[] {
  return tools.map((spec, i) => ({ spec, wire: wireTool(spec, `${where}[${i}]`) }));
}

/** The declared tools followed by `generateTools`, padded to `toolsList.definitionsBytes`. */
export function initialCatalogue(behaviour: ServerBehaviour): CatalogueTool[] {
  const declared = catalogueOf(behaviour.tools ?? [], 'behaviour.tools');
  const generated = behaviour.generateTools;
  const fill = generated?.fill ?? 'ascii';
  const specs: FakeTool[] = [];
  for (let i = 0; generated && i < generated.count; i++) {
    const description = generated.descriptionBytes === undefined ? `Generated tool ${i}.` : stampedText(generated.descriptionBytes, fill);
    specs.push({ name: `${generated.prefix ?? 'tool_'}${i}`, description });
  }
  const total = behaviour.toolsList?.definitionsBytes;
  if (total === undefined) return [...declared, ...catalogueOf(specs, 'behaviour.generateTools')];
  if (specs.length === 0) throw new BehaviourError('behaviour.toolsList.definitionsBytes: needs generateTools (their descriptions carry the padding)');
  // Padding adds its own byte length to each definition (no character of it is escaped).
  const bare = specs.map((spec) => ({ ...spec, description: '' }));
  const base = [...declared, ...catalogueOf(bare, 'behaviour.generateTools')].reduce((sum, tool) => sum + jsonBytes(tool.wire), 0);
  if (base > total)
    throw new BehaviourError(`behaviour.toolsList.definitionsBytes: ${total} bytes is less than the ${base} bytes the definitions take without padding`);
  const share = Math.floor((total - base) / bare.length);
  const extra = (total - base) % bare.length;
  const padded = bare.map((spec, i) => ({ ...spec, description: stampedText(share + (i < extra ? 1 : 0), fill) }));
  return [...declared, ...catalogueOf(padded, 'behaviour.generateTools')];
}

/** Page `cursor` of `items` split evenly over exactly `pages` pages (pages may be empty); cursors are page indexes. */
export function pageOf<T>(items: readonly T[], pages: number, cursor: string | undefined): { items: T[]; nextCursor?: string } | undefined {
  const index = pageIndex(cursor);
  if (index === undefined || index >= pages) return undefined;
  const size = Math.ceil(items.length / pages);
  const slice = items.slice(index * size, (index + 1) * size);
  return index + 1 < pages ? { items: slice, nextCursor: String(index + 1) } : { items: slice };
}

/** Page `cursor` of `tools` split evenly over exactly `pages` pages. */
export function toolPage(tools: readonly CatalogueTool[], pages: number, cursor: string | undefined): { tools: Tool[]; nextCursor?: string } | undefined {
  const page = pageOf(tools, pages, cursor);
  return page && { tools: page.items.map((t) => t.wire), ...(page.nextCursor === undefined ? {} : { nextCursor: page.nextCursor }) };
}

/** The 0-based page a tools/list cursor asks for (no cursor = page 0); undefined if invalid. */
export function pageIndex(cursor: string | undefined): number | undefined {
  const index = cursor === undefined ? 0 : Number(cursor);
  return Number.isInteger(index) && index >= 0 ? index : undefined;
}

export function outcomeOfCall(tool: FakeTool, callIndex: number): ToolOutcome {
  return tool.outcomes?.[callIndex] ?? tool.outcome ?? { kind: 'echo' };
}
