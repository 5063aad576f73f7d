import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../fake-servers/mcp/journal.js';
import { revisionsUsed } from './revisions-used.js';

let seq = 0;
/** A request the host sent and the server's answer, with the revision the server answered on. */
const exchange = (method: string, revision?: string): JournalEntry[] => {
  const id = seq++;
  return [
    { kind: 'jsonrpc-in', seq: seq++, t: 0, mono: 0, message: { jsonrpc: '2.0', id, method }, revision: '2026-07-28' },
    { kind: 'jsonrpc-out', seq: seq++, t: 0, mono: 0, message: { jsonrpc: '2.0', id, result: {} }, ...(revision === undefined ? {} : { revision }) },
  ] as unknown as JournalEntry[];
};
const servers = (...journals: JournalEntry[][]) => ({ servers: Object.fromEntries(journals.map((journal, i) => [`s${i}`, { journal }])) }) as never;

describe('revisionsUsed', () => {
  it('is the revision a host fell back to, not the one its server/discover probe claimed', () => {
    const journal = [...exchange('server/discover', '2026-07-28'), ...exchange('initialize', '2025-11-25'), ...exchange('tools/list', '2025-11-25')];
    expect(revisionsUsed(servers(journal))).toEqual(['2025-11-25']);
  });

  it('is the revision the server answered on, not the one the request claimed', () => {
    expect(revisionsUsed(servers(exchange('tools/call', '2025-11-25')))).toEqual(['2025-11-25']);
  });

  it('lists each revision once across servers, sorted', () => {
    expect(
      revisionsUsed(servers(exchange('tools/list', '2026-07-28'), [...exchange('tools/call', '2025-11-25'), ...exchange('tools/list', '2025-11-25')])),
    ).toEqual(['2025-11-25', '2026-07-28']);
  });

  it('is empty when no server answered anything past the opening', () => {
    expect(revisionsUsed(servers(exchange('initialize', '2025-11-25'), []))).toEqual([]);
  });
});
