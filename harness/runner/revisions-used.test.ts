import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../fake-servers/mcp/journal.js';
import { revisionsUsed } from './revisions-used.js';

let seq = 0;
const inbound = (method: string, revision?: string): JournalEntry =>
  ({ kind: 'jsonrpc-in', seq: seq++, t: 0, mono: 0, message: { jsonrpc: '2.0', id: seq, method }, ...(revision === undefined ? {} : { revision }) }) as unknown as JournalEntry;
const servers = (...journals: JournalEntry[][]) => ({ servers: Object.fromEntries(journals.map((journal, i) => [`s${i}`, { journal }])) }) as never;

describe('revisionsUsed', () => {
  it('is the revision a host fell back to, not the one its server/discover probe claimed', () => {
    const journal = [inbound('server/discover', '2026-07-28'), inbound('initialize', '2025-11-25'), inbound('tools/list', '2025-11-25')];
    expect(revisionsUsed(servers(journal))).toEqual(['2025-11-25']);
  });

  it('lists each revision once across servers, sorted', () => {
    expect(revisionsUsed(servers([inbound('tools/list', '2026-07-28')], [inbound('tools/call', '2025-11-25'), inbound('tools/list', '2025-11-25')]))).toEqual(['2025-11-25', '2026-07-28']);
  });

  it('is empty when the host sent nothing past the opening', () => {
    expect(revisionsUsed(servers([inbound('initialize', '2025-11-25')], []))).toEqual([]);
  });
});
