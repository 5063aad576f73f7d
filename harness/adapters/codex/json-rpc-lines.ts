// JSON-RPC 2.0 over newline-delimited JSON on a child's stdio (the transport of
// `codex app-server`). Codex omits the "jsonrpc" member, so it is optional here. Every
// request carries a deadline; a peer that stops answering fails the request, never hangs.
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { z } from 'zod';

export type RequestId = string | number;

const RequestIdSchema = z.union([z.string(), z.number()]);
const ErrorObjectSchema = z.object({ code: z.number(), message: z.string(), data: z.unknown().optional() });

export const IncomingMessageSchema = z.union([
  z.object({ id: RequestIdSchema, method: z.string(), params: z.unknown().optional() }),
  z.object({ method: z.string(), params: z.unknown().optional() }),
  z.object({ id: RequestIdSchema, result: z.unknown() }),
  z.object({ id: RequestIdSchema.nullable(), error: ErrorObjectSchema }),
]);

export class JsonRpcError extends Error {
  constructor(
    readonly method: string,
    readonly code: number,
    message: string,
  ) {
    super(`${method}: ${message} (code ${code})`);
    this.name = 'JsonRpcError';
  }
}

export interface PeerHandlers {
  /** A request from the other side; the resolved value is the result. */
  onRequest(id: RequestId, method: string, params: unknown): Promise<unknown>;
  onNotification(method: string, params: unknown): void;
  /** A line that is not a JSON-RPC message (kept as evidence, never fatal). */
  onUnreadable(line: string): void;
}

interface Pending {
  method: string;
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

export class JsonRpcLinePeer {
  #nextId = 1;
  readonly #pending = new Map<RequestId, Pending>();
  #closedReason: string | null = null;

  constructor(
    input: Readable,
    private readonly output: Writable,
    private readonly handlers: PeerHandlers,
  ) {
    createInterface({ input, crlfDelay: Infinity }).on('line', (line) => this.#receive(line));
  }

  request(method: string, params: unknown, timeoutMs: number): Promise<unknown> {
    if (this.#closedReason !== null) return Promise.reject(new Error(`${method}: ${this.#closedReason}`));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(new Error(`${method}: no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      this.#pending.set(id, { method, resolve, reject, timer });
      this.#write({ jsonrpc: '2.0', id, method, params });
    });
  }

  notify(method: string, params?: unknown): void {
    this.#write({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) });
  }

  /** Fails every outstanding request (the peer went away). */
  close(reason: string): void {
    this.#closedReason = reason;
    for (const [id, pending] of this.#pending) {
      clearTimeout(pending.timer);
      pending.reject(new Error(`${pending.method}: ${reason}`));
      this.#pending.delete(id);
    }
  }

  #write(message: object): void {
    if (this.#closedReason === null && this.output.writable) this.output.write(`${JSON.stringify(message)}\n`);
  }

  #receive(line: string): void {
    if (line.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      this.handlers.onUnreadable(line);
      return;
    }
    const parsed = IncomingMessageSchema.safeParse(json);
    if (!parsed.success) {
      this.handlers.onUnreadable(line);
      return;
    }
    const message = parsed.data;
    if ('method' in message) {
      if ('id' in message) this.#answer(message.id, message.method, message.params);
      else this.handlers.onNotification(message.method, message.params);
      return;
    }
    if (message.id === null) {
      this.handlers.onUnreadable(line);
      return;
    }
    const pending = this.#pending.get(message.id);
    if (pending === undefined) return; // answered after its deadline
    this.#pending.delete(message.id);
    clearTimeout(pending.timer);
    if ('error' in message) pending.reject(new JsonRpcError(pending.method, message.error.code, message.error.message));
    else pending.resolve(message.result);
  }

  #answer(id: RequestId, method: string, params: unknown): void {
    this.handlers.onRequest(id, method, params).then(
      (result) => this.#write({ jsonrpc: '2.0', id, result }),
      (error: unknown) => {
        const code = error instanceof JsonRpcError ? error.code : -32603;
        this.#write({ jsonrpc: '2.0', id, error: { code, message: error instanceof Error ? error.message : String(error) } });
      },
    );
  }
}
