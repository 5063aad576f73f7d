import { describe, expect, it } from 'vitest';
import { acceptedOpenings, discoveryOf, openingAttempts } from './journal-discovery.js';
import { MemoryJournal, type JournalEvent } from './journal.js';

const inn = (id: number | string, method: string, revision?: string): JournalEvent => ({
  kind: 'jsonrpc-in',
  message: { jsonrpc: '2.0', id, method },
  ...(revision && { revision }),
});
const ok = (id: number | string): JournalEvent => ({ kind: 'jsonrpc-out', message: { jsonrpc: '2.0', id, result: {} } });
const failed = (id: number | string): JournalEvent => ({
  kind: 'jsonrpc-out',
  message: { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } },
});

function entries(...events: JournalEvent[]) {
  const journal = new MemoryJournal();
  for (const event of events) journal.record(event);
  return journal.entries();
}

describe('discoveryOf', () => {
  it('finds initialize then tools/list on 2025-11-25', () => {
    expect(discoveryOf(entries(inn(0, 'initialize', '2025-11-25'), ok(0), inn(1, 'tools/list', '2025-11-25'), ok(1)))).toEqual({
      via: 'initialize',
      revision: '2025-11-25',
      openedSeq: 0,
      listedSeq: 2,
    });
  });

  it('finds server/discover then tools/list on 2026-07-28', () => {
    expect(discoveryOf(entries(inn('d', 'server/discover', '2026-07-28'), ok('d'), inn(0, 'tools/list', '2026-07-28'), ok(0)))).toMatchObject({
      via: 'server/discover',
      revision: '2026-07-28',
    });
  });

  it('skips a refused server/discover and finds the initialize the host fell back to', () => {
    const found = discoveryOf(
      entries(inn('d', 'server/discover'), failed('d'), inn(0, 'initialize', '2025-11-25'), ok(0), inn(1, 'tools/list', '2025-11-25'), ok(1)),
    );
    expect(found).toMatchObject({ via: 'initialize', openedSeq: 2 });
  });

  it('is undefined without an opening, without an answered tools/list, or with a tools/list before the opening', () => {
    expect(discoveryOf(entries(inn(1, 'tools/list'), ok(1)))).toBeUndefined();
    expect(discoveryOf(entries(inn(0, 'initialize'), ok(0), inn(1, 'tools/list'), failed(1)))).toBeUndefined();
    expect(discoveryOf(entries(inn(0, 'initialize'), ok(0), inn(1, 'tools/list')))).toBeUndefined();
    expect(discoveryOf(entries(inn(1, 'tools/list'), ok(1), inn(0, 'initialize'), ok(0)))).toBeUndefined();
  });
});

describe('openingAttempts', () => {
  it('counts a probe and the initialize a host fell back to as one opening, each later start as another', () => {
    const journal = entries(
      inn('d1', 'server/discover'),
      failed('d1'),
      inn(0, 'initialize'),
      ok(0),
      inn('d2', 'server/discover'),
      ok('d2'),
      inn(1, 'initialize'),
      ok(1),
    );
    expect(openingAttempts(journal).map((e) => e.message.method)).toEqual(['server/discover', 'server/discover']);
    expect(openingAttempts(entries(inn(0, 'initialize'), ok(0), inn(1, 'initialize'), failed(1)))).toHaveLength(2);
  });

  it('counts an initialize after a server/discover the host went on to use as a second opening', () => {
    const journal = entries(inn('d', 'server/discover'), ok('d'), inn(1, 'tools/list'), ok(1), inn(0, 'initialize'), ok(0));
    expect(openingAttempts(journal).map((e) => e.message.method)).toEqual(['server/discover', 'initialize']);
  });
});

describe('acceptedOpenings', () => {
  it('keeps only the openings answered with a result, with their answers', () => {
    const accepted = acceptedOpenings(entries(inn('d', 'server/discover'), failed('d'), inn(0, 'initialize'), ok(0), inn(1, 'tools/list'), ok(1)));
    expect(accepted.map((o) => [o.request.message.method, o.answer.seq])).toEqual([['initialize', 3]]);
  });
});
