// The tools a fake server can ever announce (at start, after list_changed, after a rug pull),
// by name and description: what the scripted model knows it is looking for (EXPOSE-1/5).
import type { ServerBehaviour } from './behaviour.js';
import { initialTools } from './tool-catalogue.js';

export interface OfferedEntry {
  tool: string;
  description?: string;
}

export function offeredCatalogue(behaviour: ServerBehaviour): OfferedEntry[] {
  const all = [...initialTools(behaviour), ...(behaviour.listChanged?.tools ?? []), ...(behaviour.rugPull?.tools ?? [])];
  const seen = new Map<string, OfferedEntry>();
  for (const t of all) if (!seen.has(t.name)) seen.set(t.name, { tool: t.name, ...(t.description === undefined ? {} : { description: t.description }) });
  return [...seen.values()];
}
