// Whether a host discovered a server's tools, on either revision (DISCOVER-1/2, issue 16):
// an opening answered with a result (initialize on 2025-11-25 and older, server/discover on
// 2026-07-28), then a tools/list answered with a result. The checks count openings with
// these helpers, so a host is graded the same on the revision it picked.
import type { JournalEntry } from './journal.js';

export interface Discovery {
  /** The opening the host sent and the server answered. */
  via: 'initialize' | 'server/discover';
  /** The revision the tools/list used (journal `revision`), when known. */
  revision: string | undefined;
  /** Journal seq of the opening request and of the first answered tools/list after it. */
  openedSeq: number;
  listedSeq: number;
}

type MessageEntry = Extract<JournalEntry, { kind: 'jsonrpc-in' | 'jsonrpc-out' }>;

const OPENINGS = new Set(['initialize', 'server/discover']);

/** A request that opens a connection on either revision: initialize or server/discover. */
export function isOpeningRequest(entry: JournalEntry): entry is Extract<JournalEntry, { kind: 'jsonrpc-in' }> {
  return entry.kind === 'jsonrpc-in' && typeof entry.message.method === 'string' && OPENINGS.has(entry.message.method) && entry.message.id !== undefined;
}

/**
 * The opening requests of a journal, one per time a host set out to open the server, on
 * either revision: an initialize, or a server/discover. An initialize that is the host's very
 * next request after a server/discover is one attempt with it (a dual-era host falling back,
 * whatever the server answered); once the host sent anything else in between, it had opened,
 * and the initialize is another opening. Returns the first request of each attempt.
 */
export function openingAttempts(entries: readonly JournalEntry[]): Extract<JournalEntry, { kind: 'jsonrpc-in' }>[] {
  const requests = entries.filter(
    (e): e is Extract<JournalEntry, { kind: 'jsonrpc-in' }> => e.kind === 'jsonrpc-in' && typeof e.message.method === 'string' && e.message.id !== undefined,
  );
  return requests.filter(
    (request, i) => isOpeningRequest(request) && !(request.message.method === 'initialize' && requests[i - 1]?.message.method === 'server/discover'),
  );
}

/**
 * Every opening the server accepted (answered with a result), with its answer: one per time a
 * host opened the server. A probe refused with an error (a 2025-11-25 server answering
 * server/discover, before the initialize it accepts) is no opening of its own.
 */
export function acceptedOpenings(entries: readonly JournalEntry[]): { request: MessageEntry; answer: MessageEntry }[] {
  const messages = entries.filter((e): e is MessageEntry => e.kind === 'jsonrpc-in' || e.kind === 'jsonrpc-out');
  return messages.flatMap((request, i) => {
    if (!isOpeningRequest(request)) return [];
    const answer = messages.slice(i + 1).find((e) => e.kind === 'jsonrpc-out' && !('method' in e.message) && e.message.id === request.message.id);
    return answer !== undefined && 'result' in answer.message ? [{ request, answer }] : [];
  });
}

/** The answered request of `method` after `afterSeq` (a result, not an error), if any. */
function answered(entries: readonly JournalEntry[], methods: ReadonlySet<string>, afterSeq: number): { request: MessageEntry; method: string } | undefined {
  const messages = entries.filter((e): e is MessageEntry => (e.kind === 'jsonrpc-in' || e.kind === 'jsonrpc-out') && e.seq > afterSeq);
  for (const [i, request] of messages.entries()) {
    const method = request.message.method;
    if (request.kind !== 'jsonrpc-in' || typeof method !== 'string' || !methods.has(method) || request.message.id === undefined) continue;
    const answer = messages.slice(i + 1).find((e) => e.kind === 'jsonrpc-out' && !('method' in e.message) && e.message.id === request.message.id);
    if (answer !== undefined && 'result' in answer.message) return { request, method };
  }
  return undefined;
}

/** The first discovery in a server's journal, or undefined when the host never got that far. */
export function discoveryOf(entries: readonly JournalEntry[]): Discovery | undefined {
  const opened = answered(entries, OPENINGS, -1);
  if (opened === undefined) return undefined;
  const listed = answered(entries, new Set(['tools/list']), opened.request.seq);
  if (listed === undefined) return undefined;
  return { via: opened.method as Discovery['via'], revision: listed.request.revision, openedSeq: opened.request.seq, listedSeq: listed.request.seq };
}
