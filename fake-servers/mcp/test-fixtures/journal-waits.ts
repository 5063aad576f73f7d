// A stdio fake's journal reaches the harness over its own TCP connection to the collector
// (journal-collector.ts), not with the answer on stdout: on a loaded machine the client can
// hold the answer before the entry is read. A test waits for the entry it reads (with a
// deadline), never for time. In-process journals have their entries at once.
import type { Journal, JournalEntry } from '../journal.js';

/** Room for a loaded 2-core CI machine; a wait that meets it fails with the journal's own message. */
export const JOURNAL_WAIT_MS = 10_000;

type Message = Extract<JournalEntry, { kind: 'jsonrpc-in' }>['message'];

/**
 * The server's journaled answer (result or error) to the first request `asked` picks. A server
 * process journals in order, so every entry it made before that answer is in the journal too.
 */
export async function journaledAnswer(journal: Journal, asked: (request: Message) => boolean, timeoutMs = JOURNAL_WAIT_MS): Promise<JournalEntry> {
  const request = await journal.waitFor(
    (e) => e.kind === 'jsonrpc-in' && typeof e.message.method === 'string' && e.message.id !== undefined && asked(e.message),
    timeoutMs,
  );
  const id = request.kind === 'jsonrpc-in' ? request.message.id : undefined;
  return journal.waitFor(
    (e) => e.kind === 'jsonrpc-out' && e.message.method === undefined && e.message.id === id && ('result' in e.message || 'error' in e.message),
    timeoutMs,
  );
}

/** `journaledAnswer` for the first request of `method`. */
export const journaledAnswerTo = (journal: Journal, method: string, timeoutMs = JOURNAL_WAIT_MS): Promise<JournalEntry> =>
  journaledAnswer(journal, (m) => m.method === method, timeoutMs);
