// The tools a fake server can ever announce (at start, after list_changed, after a rug pull),
// by name, description and input schema as sent: what the scripted model knows it is looking
// for (EXPOSE-1/5) and what the model must be given unchanged (EXPOSE-4).
import type { ServerBehaviour } from './behaviour.js';
import { catalogueOf, initialCatalogue } from './tool-catalogue.js';

export interface OfferedEntry {
  tool: string;
  description?: string;
  /** The input schema exactly as the server sends it (the first definition, for a tool announced twice). */
  inputSchema: unknown;
}

export function offeredCatalogue(behaviour: ServerBehaviour): OfferedEntry[] {
  const all = [
    ...initialCatalogue(behaviour),
    ...catalogueOf(behaviour.listChanged?.tools ?? [], 'behaviour.listChanged.tools'),
    ...catalogueOf(behaviour.rugPull?.tools ?? [], 'behaviour.rugPull.tools'),
  ];
  const seen = new Map<string, OfferedEntry>();
  for (const { wire } of all) {
    if (!seen.has(wire.name))
      seen.set(wire.name, { tool: wire.name, ...(wire.description === undefined ? {} : { description: wire.description }), inputSchema: wire.inputSchema });
  }
  return [...seen.values()];
}
