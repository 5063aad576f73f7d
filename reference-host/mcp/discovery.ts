// tools/list with pagination under the LIMIT-1 bounds, all-or-nothing per server: a server
// over any bound is unavailable as a whole and none of its tools is registered.
import { z } from 'zod';
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

export const ListToolsPageSchema = z.looseObject({
  tools: z.array(z.unknown()),
  nextCursor: z.string().optional(),
});

const ToolDefinitionSchema = z.looseObject({
  name: z.string().min(1),
  description: z.string().optional(),
  inputSchema: z.unknown(),
});

/** Fetches one tools/list page (cursor undefined for the first). */
export type ListPage = (cursor: string | undefined) => Promise<unknown>;

const shortName = (name: string): string => JSON.stringify(name.length > 64 ? `${name.slice(0, 64)}…` : name);

function isJsonObjectSchema(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && (value as { type?: unknown }).type === 'object';
}

export async function discoverTools(listPage: ListPage, limits: DiscoveryLimits = LIMITS): Promise<DiscoveryResult> {
  const tools: DiscoveredTool[] = [];
  const seen = new Set<string>();
  let definitionBytes = 0;
  let cursor: string | undefined;
  for (let page = 1; ; page += 1) {
    const parsed = ListToolsPageSchema.safeParse(await listPage(cursor));
    if (!parsed.success) return { ok: false, reason: 'tools/list answer is not a valid tool list' };
    for (const raw of parsed.data.tools) {
      const tool = ToolDefinitionSchema.safeParse(raw);
      if (!tool.success) return { ok: false, reason: 'tools/list contains a tool without a valid name' };
      const { name, description, inputSchema } = tool.data;
      if (seen.has(name)) return { ok: false, reason: `tools/list names the tool ${shortName(name)} twice` };
      seen.add(name);
      if (tools.length >= limits.tools) return { ok: false, reason: `discovery limit: more than ${limits.tools} tools` };
      if (!isJsonObjectSchema(inputSchema)) {
        return { ok: false, reason: `discovery limit: the input schema of tool ${shortName(name)} is not a JSON object schema (type "object")` };
      }
      if (Buffer.byteLength(JSON.stringify(inputSchema), 'utf8') > limits.schemaBytes) {
        return { ok: false, reason: `discovery limit: the input schema of tool ${shortName(name)} is larger than ${formatBytes(limits.schemaBytes)}` };
      }
      definitionBytes += Buffer.byteLength(JSON.stringify(raw), 'utf8');
      if (definitionBytes > limits.definitionBytes) {
        return { ok: false, reason: `discovery limit: tool definitions larger than ${formatBytes(limits.definitionBytes)} in total` };
      }
      tools.push({ name, description, inputSchema });
    }
    cursor = parsed.data.nextCursor || undefined;
    if (cursor === undefined) return { ok: true, tools };
    if (page >= limits.pages) return { ok: false, reason: `discovery limit: more than ${limits.pages} pages of tools` };
  }
}
