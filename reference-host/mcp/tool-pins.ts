// INJECT-4: what each tool looked like when the user last saw it. Per server name and tool
// original name, the sha256 of the canonical JSON {name, description, inputSchema}. The file
// lives in refhost's data directory, mode 0600, replaced atomically (temp file, fsync,
// rename) so a crash never leaves a torn pin file that would hide a later change.
import { createHash } from 'node:crypto';
import * as z from 'zod';
import { readOptionalJson, writePrivateFileAtomic } from '../config/private-file.js';
import type { McpTool } from './types.js';

const HashSchema = z.string().regex(/^[0-9a-f]{64}$/, 'expected a sha256 hex digest');

export const PinsFileSchema = z.strictObject({
  version: z.literal(1),
  servers: z.record(z.string(), z.record(z.string(), HashSchema)),
});

/** server -> tool original name -> definition hash. */
export type Pins = z.infer<typeof PinsFileSchema>['servers'];

export class PinsFileError extends Error {
  override name = 'PinsFileError';
}

/** JSON with object keys sorted at every level: the same definition always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

// seam: toolDefinitionHash
/** The definition hash of one tool as its server described it. */
export function toolDefinitionHash(tool: Pick<McpTool, 'originalName' | 'description' | 'parameters' | 'serverDescription'>): string {
  const definition = { name: tool.originalName, description: tool.serverDescription ?? tool.description, inputSchema: tool.parameters };
  return createHash('sha256').update(canonicalJson(definition)).digest('hex');
}

/** A missing file means nothing was pinned yet; an unreadable or invalid one is an error. */
export function readPins(file: string): Pins {
  const json = readOptionalJson(file, (problem) => new PinsFileError(`tool pins file ${file} ${problem}`));
  if (json === undefined) return {};
  const parsed = PinsFileSchema.safeParse(json);
  if (!parsed.success) throw new PinsFileError(`tool pins file ${file} is invalid: ${parsed.error.issues[0]?.message ?? 'bad shape'}`);
  return parsed.data.servers;
}

/** Replaces the pin file atomically with mode 0600 (its directory 0700 when created). */
export function writePins(file: string, pins: Pins): void {
  const text = `${JSON.stringify({ version: 1, servers: pins }, null, 2)}\n`;
  writePrivateFileAtomic(file, text, (problem) => new PinsFileError(`tool pins file ${file} ${problem}`));
}

export interface PinComparison {
  /** Tools pinned before whose definition is now different. */
  changed: McpTool[];
  /** The pins to keep: every current tool at its current hash; tools not seen now keep their old pin. */
  next: Pins;
}

// seam: comparePins
/** Compares the discovered tools with their pins; new tools are pinned silently. Maps inside,
 *  since server and tool names come from outside and may be "__proto__". */
export function comparePins(pins: Pins, tools: readonly McpTool[]): PinComparison {
  const next = new Map(Object.entries(pins).map(([server, byTool]) => [server, new Map(Object.entries(byTool))]));
  const changed: McpTool[] = [];
  for (const tool of tools) {
    const hash = toolDefinitionHash(tool);
    const byTool = next.get(tool.server) ?? new Map<string, string>();
    next.set(tool.server, byTool);
    const pinned = byTool.get(tool.originalName);
    if (pinned !== undefined && pinned !== hash) changed.push(tool);
    byTool.set(tool.originalName, hash);
  }
  return { changed, next: Object.fromEntries([...next].map(([server, byTool]) => [server, Object.fromEntries(byTool)])) };
}
