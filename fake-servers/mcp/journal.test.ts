import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileJournalWriter, MemoryJournal, readStdioJournal } from './journal.js';

const call = (id: number, name: string) => ({ kind: 'jsonrpc-in' as const, message: { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: { id } } } });

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

describe('stdio journal file', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads what the writer appended and ignores a partial last line', () => {
    dir = mkdtempSync(join(tmpdir(), 'journal-'));
    const file = join(dir, 'j.jsonl');
    new FileJournalWriter(file).record(call(1, 'a'));
    appendFileSync(file, '{"seq":1,"kind":"jsonrpc');
    expect(readStdioJournal(file).toolCalls().map((c) => c.name)).toEqual(['a']);
  });

  it('waits for entries appended after the file is watched, even before it exists', async () => {
    dir = mkdtempSync(join(tmpdir(), 'journal-'));
    const file = join(dir, 'j.jsonl');
    const journal = readStdioJournal(file);
    expect(journal.entries()).toEqual([]);
    const waiting = journal.waitFor((e) => e.kind === 'exit', 5_000);
    new FileJournalWriter(file).record({ kind: 'exit', reason: 'stdin-closed' });
    expect(await waiting).toMatchObject({ kind: 'exit', reason: 'stdin-closed' });
  });

  it('names the file and line of a corrupt entry', () => {
    dir = mkdtempSync(join(tmpdir(), 'journal-'));
    const file = join(dir, 'j.jsonl');
    appendFileSync(file, '{"kind":"nonsense"}\n');
    expect(() => readStdioJournal(file).entries()).toThrow(`${file}:1: not a journal entry`);
  });
});
