import { describe, expect, it } from 'vitest';
import { EntryJournal, MemoryJournal } from './journal.js';

const call = (id: number, name: string) => ({
  kind: 'jsonrpc-in' as const,
  message: { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: { id } } },
});

describe('MemoryJournal', () => {
  it('stamps entries with sequence and monotonic times', () => {
    const journal = new MemoryJournal();
    journal.record(call(1, 'a'));
    journal.record(call(2, 'b'));
    const [first, second] = journal.entries();
    expect([first?.seq, second?.seq]).toEqual([0, 1]);
    expect(second!.mono).toBeGreaterThanOrEqual(first!.mono);
    expect(second!.t).toBeGreaterThanOrEqual(first!.t);
  });

  it('lists tool calls, optionally of one tool, and methods in order', () => {
    const journal = new MemoryJournal();
    journal.record({ kind: 'jsonrpc-in', message: { jsonrpc: '2.0', id: 0, method: 'initialize' } });
    journal.record(call(1, 'a'));
    journal.record(call(2, 'b'));
    expect(journal.toolCalls().map((c) => c.name)).toEqual(['a', 'b']);
    expect(journal.toolCalls('b')).toEqual([expect.objectContaining({ id: 2, name: 'b', arguments: { id: 2 } })]);
    expect(journal.methods()).toEqual(['initialize', 'tools/call', 'tools/call']);
  });

  it('resolves waitFor when a matching entry is recorded later', async () => {
    const journal = new MemoryJournal();
    const waiting = journal.waitFor((e) => e.kind === 'jsonrpc-in' && e.message.method === 'tools/call', 1_000);
    journal.record(call(7, 'late'));
    expect(await waiting).toMatchObject({ message: { id: 7 } });
  });

  it('rejects waitFor at the deadline, listing the methods it saw', async () => {
    const journal = new MemoryJournal();
    journal.record({ kind: 'jsonrpc-in', message: { jsonrpc: '2.0', id: 0, method: 'initialize' } });
    await expect(journal.waitFor((e) => e.kind === 'exit', 20)).rejects.toThrow(/within 20 ms \(methods seen: initialize\)/);
  });
});

describe('EntryJournal', () => {
  it('keeps stamped entries as they arrive and wakes waiters', async () => {
    const journal = new EntryJournal();
    const waiting = journal.waitFor((e) => e.kind === 'exit', 1_000);
    journal.append({ kind: 'exit', reason: 'stdin-closed', seq: 0, t: 1, mono: 2 });
    expect(await waiting).toMatchObject({ kind: 'exit', reason: 'stdin-closed' });
  });

  it('becomes unreadable, with the first problem, once the record is broken', () => {
    const journal = new EntryJournal();
    journal.fail('line 3: not a journal entry');
    journal.fail('line 4: not a journal entry');
    expect(() => journal.entries()).toThrow('line 3: not a journal entry');
  });
});
