// What a fake MCP server saw: every verdict about a host is computed from this record
// (UNKNOWN-1 "one call", APPROVE-1 "nothing sent", DISCOVER-1 order, STDIO-3 env, STDIO-5 pids).
// In-process servers keep it in memory; stdio servers stream it to the harness's journal
// collector (journal-collector.ts), entry by entry, over a channel the host cannot write to.
import { performance } from 'node:perf_hooks';
import { z } from 'zod';

const connection = z.number().int();
const HeadersSchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
const MessageSchema = z.record(z.string(), z.unknown());

const JournalEventSchema = z.discriminatedUnion('kind', [
  /** stdio only, the first line: how the host started the server. */
  z.object({
    kind: z.literal('start'),
    argv: z.array(z.string()),
    cwd: z.string(),
    env: z.record(z.string(), z.string()),
    pid: z.number().int(),
    pgid: z.number().int(),
    ppid: z.number().int(),
    /** The server's own child (same process group), null when it crashed at start. */
    childPid: z.number().int().nullable(),
  }),
  z.object({ kind: z.literal('connection-open'), connection, remote: z.string() }),
  z.object({ kind: z.literal('connection-close'), connection }),
  z.object({ kind: z.literal('http-request'), connection, method: z.string(), path: z.string(), headers: HeadersSchema, body: z.string() }),
  z.object({ kind: z.literal('http-response'), connection, method: z.string(), path: z.string(), status: z.number().int() }),
  /** A JSON-RPC message the server received (also when an HTTP fault answered it). `revision`:
   *  the protocol revision it used, when known (revision-tracker.ts). */
  z.object({ kind: z.literal('jsonrpc-in'), message: MessageSchema, revision: z.string().optional() }),
  z.object({ kind: z.literal('jsonrpc-out'), message: MessageSchema, revision: z.string().optional() }),
  /** A misbehaviour the server is about to act out (drop, exit, never, http fault...). */
  z.object({ kind: z.literal('fault'), what: z.string(), detail: z.string().optional() }),
  /** stdio: why the process is ending (stdin-closed, SIGTERM). */
  z.object({ kind: z.literal('exit'), reason: z.string() }),
]);

const StampSchema = z.object({
  seq: z.number().int(),
  /** ms since this journal was created (performance.now). */
  t: z.number(),
  /** ms on the machine's monotonic clock (process.hrtime): comparable between processes. */
  mono: z.number(),
});

export const JournalEntrySchema = z.intersection(StampSchema, JournalEventSchema);
export type JournalEvent = z.infer<typeof JournalEventSchema>;
export type JournalEntry = z.infer<typeof JournalEntrySchema>;
export type StartEntry = Extract<JournalEntry, { kind: 'start' }>;

export interface ToolCallRecord {
  id: string | number;
  name: string;
  arguments: Record<string, unknown>;
  seq: number;
  mono: number;
}

export interface Journal {
  entries(): JournalEntry[];
  /** tools/call requests received, in order (optionally of one tool). */
  toolCalls(name?: string): ToolCallRecord[];
  /** Methods of every JSON-RPC request and notification received, in order. */
  methods(): string[];
  /** The stdio start record, if any. */
  startInfo(): StartEntry | undefined;
  /** The first entry matching `predicate`, now or when it is recorded; rejects at the deadline. */
  waitFor(predicate: (entry: JournalEntry) => boolean, timeoutMs: number): Promise<JournalEntry>;
}

/** Where servers record events; the stamp is added here. */
export interface JournalWriter {
  record(event: JournalEvent): void;
}

export function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

abstract class JournalView implements Journal {
  abstract entries(): JournalEntry[];
  /** Calls `listener` whenever entries may have been added; returns the unsubscribe. */
  protected abstract subscribe(listener: () => void): () => void;

  toolCalls(name?: string): ToolCallRecord[] {
    const calls: ToolCallRecord[] = [];
    for (const entry of this.entries()) {
      const call = toolCallOf(entry);
      if (call && (name === undefined || call.name === name)) calls.push(call);
    }
    return calls;
  }

  methods(): string[] {
    return this.entries().flatMap((e) => (e.kind === 'jsonrpc-in' && typeof e.message.method === 'string' ? [e.message.method] : []));
  }

  startInfo(): StartEntry | undefined {
    return this.entries().find((e): e is StartEntry => e.kind === 'start');
  }

  waitFor(predicate: (entry: JournalEntry) => boolean, timeoutMs: number): Promise<JournalEntry> {
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        const found = this.entries().find(predicate);
        if (!found) return false;
        finish();
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`journal: no matching entry within ${timeoutMs} ms (methods seen: ${this.methods().join(', ') || 'none'})`));
      }, timeoutMs);
      const unsubscribe = this.subscribe(check);
      function finish(): void {
        clearTimeout(timer);
        unsubscribe();
      }
      check();
    });
  }
}

function toolCallOf(entry: JournalEntry): ToolCallRecord | undefined {
  if (entry.kind !== 'jsonrpc-in' || entry.message.method !== 'tools/call') return undefined;
  const { id } = entry.message;
  const params = (entry.message.params ?? {}) as { name?: unknown; arguments?: unknown };
  return {
    id: typeof id === 'number' ? id : String(id),
    name: String(params.name),
    arguments: (params.arguments ?? {}) as Record<string, unknown>,
    seq: entry.seq,
    mono: entry.mono,
  };
}

/** Adds seq and the two clocks to each event of one writer (one process). */
export class Stamper {
  private seq = 0;
  private readonly origin = performance.now();
  stamp(event: JournalEvent): JournalEntry {
    return { ...event, seq: this.seq++, t: performance.now() - this.origin, mono: monotonicMs() };
  }
}

/** A journal whose entries arrive already stamped; a fault in the record makes it unreadable. */
export class EntryJournal extends JournalView {
  private readonly list: JournalEntry[] = [];
  private readonly listeners = new Set<() => void>();
  private problem: string | undefined;

  append(entry: JournalEntry): void {
    this.list.push(entry);
    for (const listener of [...this.listeners]) listener();
  }

  /** Marks the record broken (the first problem wins): entries() throws it from now on. */
  fail(problem: string): void {
    this.problem ??= problem;
  }

  entries(): JournalEntry[] {
    if (this.problem !== undefined) throw new Error(this.problem);
    return [...this.list];
  }

  protected subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** The journal of an in-process server. */
export class MemoryJournal extends EntryJournal implements JournalWriter {
  private readonly stamper = new Stamper();

  record(event: JournalEvent): void {
    this.append(this.stamper.stamp(event));
  }
}
