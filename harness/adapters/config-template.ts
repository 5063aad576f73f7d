// Where a terminal host keeps its MCP servers, described in its profile instead of code: a
// JSON, YAML or TOML document, the servers at a key path ("mcp.servers"), as a map by name or a
// list of entries naming themselves, each entry's parts under the host's own field names (a
// transport named by a field of its own, a command line as one array, constant fields). The
// harness writes the scenario's servers that way and reads their names back the same way
// (CONFIG-2, NET-1). The common {"mcpServers": {...}} file is the default.
import { parse as parseToml, stringify as stringifyToml } from 'smol-toml';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { z } from 'zod';
import type { ConfiguredServers, ServerConfigEntry } from './host-adapter.js';

const key = z.string().min(1);

export const ConfigTemplateSchema = z.strictObject({
  format: z.enum(['json', 'yaml', 'toml']).default('json'),
  /** Where the servers sit in the document: keys joined by dots ("mcp.servers"). */
  at: z
    .string()
    .regex(/^[^.]+(\.[^.]+)*$/, 'keys joined by dots, e.g. "mcp.servers"')
    .default('mcpServers'),
  /** A map from server name to entry, or a list of entries that carry their name (`fields.name`). */
  layout: z.enum(['map', 'list']).default('map'),
  /** The host's names for an entry's parts; null leaves a part out. */
  fields: z
    .strictObject({
      name: key.default('name'),
      command: key.default('command'),
      /** null: the arguments follow the command in one array under `command`. */
      args: key.nullable().default('args'),
      env: key.default('env'),
      url: key.default('url'),
      /** Keys joined by dots nest the headers in the entry ("requestOptions.headers"). */
      headers: key.default('headers'),
      /** A field naming the transport, with the host's value for each (a transport left out is not written). */
      transport: z.strictObject({ field: key, stdio: z.string().optional(), http: z.string().optional(), sse: z.string().optional() }).optional(),
    })
    .prefault({}),
  /** Fields every entry also carries, as given ({"enabled": true}). */
  constant: z.record(z.string(), z.unknown()).default({}),
  /** The rest of the document the servers are placed in (other settings the host needs to start). */
  base: z.record(z.string(), z.unknown()).default({}),
});
export type ConfigTemplate = z.infer<typeof ConfigTemplateSchema>;

type Doc = Record<string, unknown>;

const isObject = (value: unknown): value is Doc => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{a: {b: value}}` for the key path "a.b" (a host that keeps a part one level down). */
function nested(path: string, value: unknown): Doc {
  return path
    .split('.')
    .reverse()
    .reduce<unknown>((inner, k) => ({ [k]: inner }), value) as Doc;
}

function entryOf(template: ConfigTemplate, server: ServerConfigEntry): Doc {
  const { fields } = template;
  const transport = 'command' in server ? 'stdio' : server.type === 'sse' ? 'sse' : 'http';
  const named = fields.transport?.[transport];
  const parts: Doc =
    'command' in server
      ? {
          ...(fields.args === null ? { [fields.command]: [server.command, ...server.args] } : { [fields.command]: server.command, [fields.args]: server.args }),
          [fields.env]: server.env,
        }
      : { [fields.url]: server.url, ...nested(fields.headers, server.headers) };
  return { ...template.constant, ...(fields.transport !== undefined && named !== undefined ? { [fields.transport.field]: named } : {}), ...parts };
}

/** The document holding `servers` (name -> entry) the way the template says. */
export function configDocument(template: ConfigTemplate, servers: Record<string, ServerConfigEntry>): Doc {
  const entries = Object.entries(servers).map(([name, server]) => [name, entryOf(template, server)] as const);
  const collection = template.layout === 'map' ? Object.fromEntries(entries) : entries.map(([name, entry]) => ({ [template.fields.name]: name, ...entry }));
  const doc: Doc = structuredClone(template.base);
  const keys = template.at.split('.');
  let node = doc;
  for (const k of keys.slice(0, -1)) {
    if (!isObject(node[k])) node[k] = {};
    node = node[k] as Doc;
  }
  node[keys.at(-1) as string] = collection;
  return doc;
}

/** The file's text. */
export function renderConfig(template: ConfigTemplate, servers: Record<string, ServerConfigEntry>): string {
  const doc = configDocument(template, servers);
  if (template.format === 'yaml') return stringifyYaml(doc);
  if (template.format === 'toml') return `${stringifyToml(doc)}\n`;
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/** The server names the file's text holds now, or what is wrong with it (a host may rewrite or break it). */
export function readConfigNames(template: ConfigTemplate, text: string, file: string): ConfiguredServers {
  let doc: unknown;
  try {
    doc = template.format === 'yaml' ? parseYaml(text) : template.format === 'toml' ? parseToml(text) : JSON.parse(text);
  } catch (error) {
    return { problem: `${file} is no longer valid ${template.format.toUpperCase()} (${(error as Error).message.split('\n')[0]})` };
  }
  let node: unknown = doc;
  for (const k of template.at.split('.')) {
    // An absent collection holds no servers (a host may drop an emptied table).
    if (node === undefined || node === null) return { servers: [] };
    if (!isObject(node)) return { problem: `${file}: "${template.at}" is not where the servers are (no object at "${k}")` };
    node = node[k];
  }
  if (node === undefined || node === null) return { servers: [] };
  if (template.layout === 'map') return isObject(node) ? { servers: Object.keys(node) } : { problem: `${file}: "${template.at}" is not a map of servers` };
  if (!Array.isArray(node)) return { problem: `${file}: "${template.at}" is not a list of servers` };
  const names = node.map((entry) => (isObject(entry) ? entry[template.fields.name] : undefined));
  return names.every((n): n is string => typeof n === 'string')
    ? { servers: names }
    : { problem: `${file}: an entry of "${template.at}" has no "${template.fields.name}"` };
}
