// Paginated lists under the LIMIT-1 bounds, all-or-nothing per list: a server whose tools
// are over any bound is unavailable as a whole and none of its tools is registered. The same
// pager bounds resources, resource templates and prompts (RESOURCE-1, PROMPT-1).
import * as z from 'zod';
import { LIMITS } from './errors.js';
import { formatBytes } from './guarded-fetch.js';

export interface DiscoveredTool {
  name: string;
  description: string | undefined;
  inputSchema: Record<string, unknown>;
}

export type DiscoveryResult = { ok: true; tools: DiscoveredTool[] } | { ok: false; reason: string };

export interface DiscoveryLimits {
  pages: number;
  tools: number;
  schemaBytes: number;
  definitionBytes: number;
}

/** One tools/list page (also used by the suite's faulty hosts to list tools themselves). */
export const ListToolsPageSchema = z.looseObject({
  tools: z.array(z.unknown()),
  nextCursor: z.string().optional(),
});

const ToolDefinitionSchema = z.looseObject({
  name: z.string().min(1),
  description: z.string().optional(),
  inputSchema: z.unknown(),
});

/** Fetches one page of a list (cursor undefined for the first). */
export type ListPage = (cursor: string | undefined) => Promise<unknown>;

const shortName = (name: string): string => JSON.stringify(name.length > 64 ? `${name.slice(0, 64)}…` : name);

/** What one paginated list is and how one of its entries is checked. */
export interface ListSpec<T> {
  /** The list request, for messages: "tools/list". */
  method: string;
  /** The page field holding the entries: "tools". */
  field: string;
  /** One entry, for messages: "tool". */
  noun: string;
  /** The entry as kept plus its identity (duplicates refuse the list), or why the list is refused. */
  check(raw: unknown): { ok: true; key: string; value: T } | { ok: false; reason: string };
}

/** A list whose entries a schema checks; `keep` picks what is kept of a valid entry and its identity. */
export function schemaList<S extends z.ZodType, T>(
  names: Pick<ListSpec<T>, 'method' | 'field' | 'noun'>,
  schema: S,
  /** What a bad entry lacks, for the refusal: "a resource without a valid uri and name". */
  invalid: string,
  keep: (entry: z.output<S>) => { key: string; value: T },
): ListSpec<T> {
  return {
    ...names,
    check(raw) {
      const entry = schema.safeParse(raw);
      return entry.success ? { ok: true, ...keep(entry.data) } : { ok: false, reason: `${names.method} contains ${invalid}` };
    },
  };
}

export type ListResult<T> = { ok: true; items: T[] } | { ok: false; reason: string };

// seam: collectPages
/**
 * Every page of one list under the LIMIT-1 bounds (pages, entries, definition bytes),
 * all-or-nothing: tools, resources, resource templates and prompts are bounded alike.
 */
export async function collectPages<T>(listPage: ListPage, spec: ListSpec<T>, limits: DiscoveryLimits = LIMITS): Promise<ListResult<T>> {
  const PageSchema = z.looseObject({ [spec.field]: z.array(z.unknown()), nextCursor: z.string().optional() });
  const items: T[] = [];
  const seen = new Set<string>();
  let definitionBytes = 0;
  let cursor: string | undefined;
  for (let page = 1; ; page += 1) {
    const parsed = PageSchema.safeParse(await listPage(cursor));
    if (!parsed.success) return { ok: false, reason: `${spec.method} answer is not a valid ${spec.noun} list` };
    for (const raw of parsed.data[spec.field] as unknown[]) {
      const entry = spec.check(raw);
      if (!entry.ok) return entry;
      if (seen.has(entry.key)) return { ok: false, reason: `${spec.method} names the ${spec.noun} ${shortName(entry.key)} twice` };
      seen.add(entry.key);
      if (items.length >= limits.tools) return { ok: false, reason: `discovery limit: more than ${limits.tools} ${spec.noun}s` };
      definitionBytes += Buffer.byteLength(JSON.stringify(raw), 'utf8');
      if (definitionBytes > limits.definitionBytes) {
        return { ok: false, reason: `discovery limit: ${spec.noun} definitions larger than ${formatBytes(limits.definitionBytes)} in total` };
      }
      items.push(entry.value);
    }
    cursor = (parsed.data.nextCursor as string | undefined) || undefined;
    if (cursor === undefined) return { ok: true, items };
    if (page >= limits.pages) return { ok: false, reason: `discovery limit: more than ${limits.pages} pages of ${spec.noun}s` };
  }
}

// seam: isJsonObjectSchema
function isJsonObjectSchema(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && (value as { type?: unknown }).type === 'object';
}

// seam: checkTool
function checkTool(limits: DiscoveryLimits): ListSpec<DiscoveredTool>['check'] {
  return (raw) => {
    const tool = ToolDefinitionSchema.safeParse(raw);
    if (!tool.success) return { ok: false, reason: 'tools/list contains a tool without a valid name' };
    const { name, description, inputSchema } = tool.data;
    if (!isJsonObjectSchema(inputSchema)) {
      return { ok: false, reason: `discovery limit: the input schema of tool ${shortName(name)} is not a JSON object schema (type "object")` };
    }
    if (Buffer.byteLength(JSON.stringify(inputSchema), 'utf8') > limits.schemaBytes) {
      return { ok: false, reason: `discovery limit: the input schema of tool ${shortName(name)} is larger than ${formatBytes(limits.schemaBytes)}` };
    }
    return { ok: true, key: name, value: { name, description, inputSchema } };
  };
}

export async function discoverTools(listPage: ListPage, limits: DiscoveryLimits = LIMITS): Promise<DiscoveryResult> {
  const result = await collectPages(listPage, { method: 'tools/list', field: 'tools', noun: 'tool', check: checkTool(limits) }, limits);
  return result.ok ? { ok: true, tools: result.items } : result;
}
