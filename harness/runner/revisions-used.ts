// Which MCP protocol revision a scenario's evidence came from (issue 16): the revisions the
// host's requests used with the scenario's fake servers, read from the servers' own journals
// (which the host cannot write). Openings are left out: a host that probes with
// server/discover and falls back to initialize used the revision it fell back to.
import type { Observations } from '../scenario/observations.js';

const OPENINGS = new Set(['initialize', 'server/discover', 'notifications/initialized']);

/** Sorted, distinct; empty when the host sent no server anything past the opening. */
export function revisionsUsed(obs: Pick<Observations, 'servers'>): string[] {
  const used = new Set<string>();
  for (const server of Object.values(obs.servers)) {
    for (const entry of server?.journal ?? []) {
      if (entry.kind !== 'jsonrpc-in' || entry.revision === undefined) continue;
      const method = entry.message.method;
      if (typeof method === 'string' && !OPENINGS.has(method)) used.add(entry.revision);
    }
  }
  return [...used].sort();
}
