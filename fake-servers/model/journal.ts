// Everything the model provider saw: every request with headers (CRED-2: which credential
// reached the provider), instructions (EXPOSE-6), tools (EXPOSE-1..5), call outputs
// (RESULT-*), plus script targets the host did not offer. Waiting is event-driven. Side calls
// (side-calls.ts) are kept apart: requests() are the script's turns, which checks count.
import type { ModelRequestRecord } from './request.js';
import type { UnresolvedTarget } from './script.js';

/** A request beside the conversation, with why it was taken for one; `index` counts side calls. */
export type SideCallRecord = ModelRequestRecord & { side: string };

export interface ModelJournal {
  /** The script's turns (and refused or unknown requests), in arrival order. */
  requests(): ModelRequestRecord[];
  /** Side calls, answered without consuming a script step; their bytes reached the provider too. */
  sideCalls(): SideCallRecord[];
  unresolved(): UnresolvedTarget[];
  /** Resolves with all requests once at least n have arrived; rejects at the deadline. */
  waitForRequests(n: number, timeoutMs: number): Promise<ModelRequestRecord[]>;
}

interface Waiter {
  n: number;
  resolve(records: ModelRequestRecord[]): void;
}

/** The writable side, used by the handlers. */
export class ModelJournalRecorder implements ModelJournal {
  readonly #requests: ModelRequestRecord[] = [];
  readonly #unresolved: UnresolvedTarget[] = [];
  readonly #sideCalls: SideCallRecord[] = [];
  #waiters: Waiter[] = [];

  get nextIndex(): number {
    return this.#requests.length;
  }

  record(entry: ModelRequestRecord): void {
    this.#requests.push(entry);
    const ready = this.#waiters.filter((w) => w.n <= this.#requests.length);
    this.#waiters = this.#waiters.filter((w) => w.n > this.#requests.length);
    for (const w of ready) w.resolve(this.requests());
  }

  get nextSideIndex(): number {
    return this.#sideCalls.length;
  }

  recordSideCall(entry: SideCallRecord): void {
    this.#sideCalls.push(entry);
  }

  sideCalls(): SideCallRecord[] {
    return [...this.#sideCalls];
  }

  recordUnresolved(targets: readonly UnresolvedTarget[]): void {
    this.#unresolved.push(...targets);
  }

  requests(): ModelRequestRecord[] {
    return [...this.#requests];
  }

  unresolved(): UnresolvedTarget[] {
    return [...this.#unresolved];
  }

  waitForRequests(n: number, timeoutMs: number): Promise<ModelRequestRecord[]> {
    if (this.#requests.length >= n) return Promise.resolve(this.requests());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        n,
        resolve: (records) => {
          clearTimeout(timer);
          resolve(records);
        },
      };
      const timer = setTimeout(() => {
        this.#waiters = this.#waiters.filter((w) => w !== waiter);
        reject(new Error(`mock model: expected ${n} request(s) within ${timeoutMs} ms, got ${this.#requests.length}`));
      }, timeoutMs);
      this.#waiters.push(waiter);
    });
  }
}
