// Which MCP protocol revision a scenario's evidence came from (issue 16): the revisions the
// scenario's fake servers answered the host's requests on, read from the servers' own journals
// (which the host cannot write; an answer's revision is what the server served, not what the
// request claimed). Openings are left out: a host that probes with server/discover and falls
// back to initialize used the revision it fell back to.
import type { Observations } from '../scenario/observations.js';

const OPENINGS = new Set(['initialize', 'server/discover']);

/** Sorted, distinct; empty when no server answered the host anything past the opening. */
export function revisionsUsed(obs: Pick<Observations, 'servers'>): string[] {
  const used = new Set<string>();
  for (const server of Object.values(obs.servers)) {
    const methodOf = new Map<string, string>();
    for (const entry of server?.journal ?? []) {
      const { id, method } = entry.kind === 'jsonrpc-in' || entry.kind === 'jsonrpc-out' ? entry.message : {};
      if (entry.kind === 'jsonrpc-in' && typeof method === 'string' && id !== undefined) methodOf.set(JSON.stringify(id), method);
      if (entry.kind !== 'jsonrpc-out' || method !== undefined || entry.revision === undefined) continue;
      const answered = methodOf.get(JSON.stringify(id));
      if (answered !== undefined && !OPENINGS.has(answered)) used.add(entry.revision);
    }
  }
  return [...used].sort();
}
