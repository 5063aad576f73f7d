// The tools a fake server can ever announce (at start, after list_changed, after a rug pull),
// by name, description and input schema as sent: what the scripted model knows it is looking
// for (EXPOSE-1/5) and what the model must be given unchanged (EXPOSE-4).
import type { ServerBehaviour } from './behaviour.js';
import { initialTools, wireTool } from './tool-catalogue.js';

export interface OfferedEntry {
  tool: string;
  description?: string;
  /** The input schema exactly as the server sends it (the first definition, for a tool announced twice). */
  inputSchema: unknown;
}

export function offeredCatalogue(behaviour: ServerBehaviour): OfferedEntry[] {
  const all = [...initialTools(behaviour), ...(behaviour.listChanged?.tools ?? []), ...(behaviour.rugPull?.tools ?? [])];
  const seen = new Map<string, OfferedEntry>();
  for (const t of all) {
    if (!seen.has(t.name)) seen.set(t.name, { tool: t.name, ...(t.description === undefined ? {} : { description: t.description }), inputSchema: wireTool(t).inputSchema });
  }
  return [...seen.values()];
}
