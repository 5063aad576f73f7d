// RESOURCE-1..3 on the MCP side: what resources/list and resources/templates/list entries
// are kept, which URIs count as offered (listed, or matched by a template of that server),
// and how a resources/read answer becomes model text — like a tool result: text kept,
// blobs omitted with a note, 64 KiB cap (output_limit).
import { UriTemplate } from '@modelcontextprotocol/client';
import * as z from 'zod';
import { schemaList } from './discovery.js';
import { mapCallResult } from './result-mapping.js';
import type { CallOutcome, McpResource, McpResourceTemplate } from './types.js';

const ResourceEntrySchema = z.looseObject({
  uri: z.string().min(1),
  name: z.string(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
});

const TemplateEntrySchema = z.looseObject({
  uriTemplate: z.string().min(1),
  name: z.string(),
  description: z.string().optional(),
});

export const RESOURCE_LIST = schemaList<typeof ResourceEntrySchema, Omit<McpResource, 'server'>>(
  { method: 'resources/list', field: 'resources', noun: 'resource' },
  ResourceEntrySchema,
  'a resource without a valid uri and name',
  ({ uri, name, description, mimeType }) => ({ key: uri, value: { uri, name, description, mimeType } }),
);

export const TEMPLATE_LIST = schemaList<typeof TemplateEntrySchema, Omit<McpResourceTemplate, 'server'>>(
  { method: 'resources/templates/list', field: 'resourceTemplates', noun: 'resource template' },
  TemplateEntrySchema,
  'a template without a valid uriTemplate and name',
  ({ uriTemplate, name, description }) => ({ key: uriTemplate, value: { uriTemplate, name, description } }),
);

// seam: templateMatches
/** True when the template matches the whole URI; a template the SDK cannot parse matches nothing. */
export function templateMatches(uriTemplate: string, uri: string): boolean {
  try {
    return new UriTemplate(uriTemplate).match(uri) !== null;
  } catch {
    return false;
  }
}

// seam: isOfferedUri
/** RESOURCE-2: listed by `server`, or matched by one of `server`'s templates. */
export function isOfferedUri(
  resources: readonly McpResource[],
  templates: readonly McpResourceTemplate[],
  server: string,
  uri: string,
): boolean {
  return (
    resources.some((r) => r.server === server && r.uri === uri) ||
    templates.some((t) => t.server === server && templateMatches(t.uriTemplate, uri))
  );
}

const ReadResultSchema = z.looseObject({ contents: z.array(z.unknown()) });

// seam: mapReadResult
/** RESOURCE-3: each content as an embedded resource of a tool result, so one mapping serves both. */
export function mapReadResult(raw: unknown): CallOutcome {
  const parsed = ReadResultSchema.safeParse(raw);
  if (!parsed.success) return { status: 'failed', output: 'The MCP server answered with something that is not a resource read result.' };
  if (parsed.data.contents.length === 0) return { status: 'completed', output: '(the resource has no contents)' };
  return mapCallResult({ content: parsed.data.contents.map((resource) => ({ type: 'resource', resource })) });
}
